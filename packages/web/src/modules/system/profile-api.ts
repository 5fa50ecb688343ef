import { profileEndpoints, type OwnSession, type Profile, type ProfileInput } from '@parking/contract';
import { call, callEnvelope } from '../../shared/http/call';

export const profileKeys = {
  profile: ['profile', 'me'] as const,
  sessions: ['profile', 'sessions'] as const,
};

export const fetchProfile = (): Promise<Profile> => call(profileEndpoints.profile);

export const saveProfile = async (body: ProfileInput): Promise<string> => (await callEnvelope(profileEndpoints.update, { body })).msg;

export const fetchOwnSessions = (): Promise<OwnSession[]> => call(profileEndpoints.sessions);

export const endOwnSession = (id: string): Promise<{ current: boolean }> => call(profileEndpoints.endSession, { params: { id } });
