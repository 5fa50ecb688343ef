import { profilePaths, type Envelope, type OwnSession, type Profile, type ProfileInput } from '@parking/contract';
import { http } from '../../shared/http/http-client';

export const profileKeys = {
  profile: ['profile', 'me'] as const,
  sessions: ['profile', 'sessions'] as const,
};

export const fetchProfile = (): Promise<Profile> =>
  http.get<Envelope<Profile>>(profilePaths.profile).then((response) => response.data.data);

export const saveProfile = (body: ProfileInput): Promise<string> =>
  http.put<Envelope<Profile>>(profilePaths.profile, body).then((response) => response.data.msg);

export const fetchOwnSessions = (): Promise<OwnSession[]> =>
  http.get<Envelope<OwnSession[]>>(profilePaths.sessions).then((response) => response.data.data);

export const endOwnSession = (id: string): Promise<{ current: boolean }> =>
  http
    .delete<Envelope<{ current: boolean }>>(profilePaths.session.replace(':id', encodeURIComponent(id)))
    .then((response) => response.data.data);
