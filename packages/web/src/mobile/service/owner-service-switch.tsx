import { NavLink } from 'react-router';
import { ownerAppealsPagePath, ownerComplaintsPagePath } from './owner-service-links';
import './owner-complaints.css';

/** 我的投诉 | 我的申诉 at the top of both: they share the fourth tab, as a fifth would crowd a 375 px phone. */
export function OwnerServiceSwitch() {
  return (
    <nav className="owner-service-switch" aria-label="投诉与申诉">
      <NavLink to={ownerComplaintsPagePath} replace>
        我的投诉
      </NavLink>
      <NavLink to={ownerAppealsPagePath} replace>
        我的申诉
      </NavLink>
    </nav>
  );
}
