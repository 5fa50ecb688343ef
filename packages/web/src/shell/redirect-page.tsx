import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/** `/redirect/<path>` remounts `<path>`: the refresh action of the shell goes through here. */
export function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`/${rest}${search}`, { replace: true });
  }, [navigate, rest, search]);
  return null;
}
