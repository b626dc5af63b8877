/** The landing hero's illustration: an editor window mapping light onto a building facade. */
export function HeroStage() {
  return (
    <div className="hero-stage" aria-hidden="true">
      <div className="hero-stage__bar">
        <span className="dot" /> <span className="dot" /> <span className="dot" />
        <span className="hero-stage__title">Cathedral facade · 3 collaborators</span>
        <span className="hero-stage__live">● Projector live</span>
      </div>
      <div className="hero-stage__body">
        <ul className="hero-stage__layers">
          <li className="active">
            <i style={{ background: 'linear-gradient(135deg,#7c5cff,#22d3ee)' }} />
            Aurora shader
          </li>
          <li>
            <i style={{ background: 'linear-gradient(135deg,#ff2e97,#ffb547)' }} />
            Rose window
          </li>
          <li>
            <i style={{ background: '#2f7bff' }} />
            Side arch video
          </li>
          <li>
            <i style={{ background: '#fff' }} />
            Window mask
          </li>
        </ul>
        <svg className="hero-stage__canvas" viewBox="0 0 560 360">
          <defs>
            <linearGradient id="hs-a" x1="0" y1="0" x2="1" y2="1">
              <stop offset="0" stopColor="#22d3ee" />
              <stop offset="0.5" stopColor="#7c5cff" />
              <stop offset="1" stopColor="#ff2e97" />
            </linearGradient>
            <radialGradient id="hs-b" cx="0.5" cy="0.5" r="0.5">
              <stop offset="0" stopColor="#ffe8a3" />
              <stop offset="0.55" stopColor="#ff6b3d" />
              <stop offset="1" stopColor="#ff2e97" stopOpacity="0.2" />
            </radialGradient>
            <linearGradient id="hs-c" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#2f7bff" />
              <stop offset="1" stopColor="#38f8c8" />
            </linearGradient>
            <pattern id="hs-grid" width="20" height="20" patternUnits="userSpaceOnUse">
              <path d="M20 0H0V20" fill="none" stroke="rgba(255,255,255,0.05)" />
            </pattern>
          </defs>
          <rect width="560" height="360" fill="#05060c" />
          <rect width="560" height="360" fill="url(#hs-grid)" />
          {/* facade */}
          <path d="M150 330 L150 120 L280 40 L410 120 L410 330 Z" fill="#151a2c" stroke="#2a3152" />
          <path d="M178 330 L178 150 L382 150 L382 330" fill="none" stroke="#232a45" />
          {/* mapped light */}
          <path d="M162 318 L166 128 L280 58 L396 128 L398 318 Z" fill="url(#hs-a)" opacity="0.55" />
          <circle cx="280" cy="150" r="46" fill="url(#hs-b)" />
          <path d="M200 318 L204 212 L246 206 L248 318 Z" fill="url(#hs-c)" opacity="0.85" />
          <path d="M312 318 L314 206 L356 212 L360 318 Z" fill="url(#hs-c)" opacity="0.85" />
          {/* warp handles */}
          <g className="hero-stage__warp">
            <path d="M162 318 L166 128 L280 58 L396 128 L398 318 Z" fill="none" stroke="#fff" strokeDasharray="5 5" />
            {[
              [162, 318],
              [166, 128],
              [396, 128],
              [398, 318],
            ].map(([x, y]) => (
              <rect key={`${x}-${y}`} x={(x ?? 0) - 6} y={(y ?? 0) - 6} width="12" height="12" rx="3" fill="#fff" stroke="#7c5cff" strokeWidth="2" />
            ))}
          </g>
          {/* collaborator cursors */}
          <g transform="translate(420 96)">
            <path d="M0 0 L0 16 L5 12 L9 20 L12 18 L8 11 L14 11 Z" fill="#22d3ee" />
            <rect x="14" y="16" width="44" height="18" rx="9" fill="#22d3ee" />
            <text x="36" y="29" textAnchor="middle" fontSize="10" fontWeight="700" fill="#04222a">
              Maya
            </text>
          </g>
          <g transform="translate(118 250)">
            <path d="M0 0 L0 16 L5 12 L9 20 L12 18 L8 11 L14 11 Z" fill="#ffb547" />
            <rect x="14" y="16" width="38" height="18" rx="9" fill="#ffb547" />
            <text x="33" y="29" textAnchor="middle" fontSize="10" fontWeight="700" fill="#2a1a00">
              Jon
            </text>
          </g>
        </svg>
      </div>
      <div className="hero-stage__timeline">
        <span className="playhead" />
        <span className="clip" style={{ left: '4%', width: '30%' }}>
          Intro
        </span>
        <span className="clip alt" style={{ left: '36%', width: '26%' }}>
          Rose bloom
        </span>
        <span className="clip" style={{ left: '64%', width: '32%' }}>
          Finale
        </span>
      </div>
    </div>
  );
}
