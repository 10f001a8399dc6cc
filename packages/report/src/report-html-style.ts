/** The report page's stylesheet. */
export const REPORT_STYLE = `
body{font:15px/1.5 system-ui,sans-serif;max-width:1180px;margin:2rem auto;padding:0 1rem;color:#1f2933}
h1{font-size:1.4rem}h2{margin-top:2rem}.count{font-size:.9rem;font-weight:400;color:#66707a;margin-left:.5rem}
.status{font-weight:600}.status.succeeded,.ok{color:#1e7b34}.status.failed,.bad{color:#b42318}
.step.failed{border-color:#f1b5ae}.step.failed h3{color:#b42318}.warn{color:#9a5b00}.unknown{color:#66707a}
section{border:1px solid #d9dee5;border-radius:8px;padding:.8rem 1rem;margin:.8rem 0}
.badge{font-size:.75rem;border:1px solid currentColor;border-radius:4px;padding:0 .3rem;margin-left:.4rem}
.meta{color:#66707a;margin:0}.label{font-weight:600;margin:.6rem 0 .2rem}
img{width:100%;border:1px solid #d9dee5;display:block}img.zoom{cursor:zoom-in}
.step-main.with-screen{display:grid;grid-template-columns:1fr 440px;gap:1rem;align-items:start}.step h3{margin-top:0}
.check{margin:.3rem 0}.diff{background:#f4f6f8;padding:.3rem .5rem;border-radius:4px}
.tag{display:inline-block;font-size:.78rem;font-weight:600;border-radius:4px;padding:0 .4rem;background:#eef1f4;color:#3b4550}
.tag.ok{background:#e3f4e8;color:#1e7b34}.tag.bad{background:#fde8e6;color:#b42318}.tag.warn{background:#fff1d6;color:#9a5b00}
.tag.unknown{background:#eef1f4;color:#66707a}
table{border-collapse:collapse;width:100%;margin:.5rem 0;font-size:.9rem}
th,td{text-align:left;vertical-align:top;padding:.35rem .5rem;border-bottom:1px solid #e4e8ed}
th{font-size:.8rem;color:#66707a;font-weight:600;background:#f7f8fa}td p{margin:.2rem 0}td ul{margin:.2rem 0;padding-left:1.2rem}
.num{white-space:nowrap;font-variant-numeric:tabular-nums}
.criteria td:first-child{white-space:nowrap;font-weight:600}.icon{display:inline-block;width:1.1em;text-align:center}
.criteria td:last-child{white-space:nowrap}.claims td:last-child{white-space:nowrap}
.reflection{border-top:1px dashed #d9dee5;margin-top:.8rem;padding-top:.6rem}
.reflection .head{margin:0}.reflection .verdict{font-weight:600}.reflection.pass .verdict{color:#1e7b34}
.reflection.fail .verdict{color:#b42318}.reflection .key{margin:.3rem 0;font-size:1rem}
.reflection .summary{margin:.2rem 0;color:#3b4550}
.marked{display:grid;grid-template-columns:1fr 1fr;gap:.8rem;margin:.6rem 0}
figure{margin:0}figcaption{font-size:.8rem;color:#66707a;margin-top:.2rem}
figure.missing p{border:1px dashed #c5ccd4;border-radius:6px;color:#66707a;padding:.8rem 1rem;margin:0;font-size:.9rem}
.mark{display:inline-block;min-width:1.3em;text-align:center;background:#ff0000;color:#fff;font-weight:700;border-radius:2px}
.regions tr.noise td{color:#66707a}.regions tr.unrelated .tag{background:#fff1d6;color:#9a5b00}
.regions tr.action-relevant .tag{background:#e3f4e8;color:#1e7b34}
.detectors{margin:.2rem 0}.feasibility p{margin:.4rem 0 0}.feasibility ul{margin:.2rem 0}
#lightbox{position:fixed;inset:0;background:#000c;display:flex;align-items:center;justify-content:center;cursor:zoom-out;padding:1rem}
#lightbox[hidden]{display:none}#lightbox img{width:auto;max-width:100%;max-height:100%;border:0}
`;

/** Opens any screenshot full size on click; a click or Escape closes it. */
export const REPORT_SCRIPT = `
const box = document.getElementById('lightbox');
const big = box.querySelector('img');
document.addEventListener('click', (event) => {
  const target = event.target;
  if (target instanceof HTMLImageElement && target.classList.contains('zoom')) {
    big.src = target.src; big.alt = target.alt; box.hidden = false;
  } else if (box.contains(target)) box.hidden = true;
});
document.addEventListener('keydown', (event) => { if (event.key === 'Escape') box.hidden = true; });
`;
