/** A parking lot drawn in CSS: the network is closed, so no pictures are fetched. */
export function LoginIllustration() {
  return (
    <div className="login-art" aria-hidden="true">
      <div className="login-art__sign">P</div>
      <div className="login-art__lot">
        {['occupied', 'free', 'occupied', 'free', 'free', 'occupied'].map((state, index) => (
          <div key={index} className={`login-art__bay login-art__bay--${state}`}>
            {state === 'occupied' && <span className="login-art__car" />}
          </div>
        ))}
      </div>
      <div className="login-art__road">
        <span className="login-art__dash" />
        <span className="login-art__dash" />
        <span className="login-art__dash" />
      </div>
      <div className="login-art__gate">
        <span className="login-art__barrier" />
      </div>
    </div>
  );
}
