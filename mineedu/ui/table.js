// A lesson page at a class table (front end of mineedu/ui/table.py): invisible.
//
// It tells the kernel the page's address (?table=CODE, &watch=1) and the seat
// ticket this browser keeps for that table (localStorage: a reload, or another
// tab of the same browser, gets the same seat back); it keeps the ticket the
// kernel gives when a seat is taken, and forgets one the store refused. It
// only ever sends a ticket for the table it is asked about. Once seated, it brings the table into view.
const KEY = (code) => "mineedu-table:" + code;

function read(key) {
  try { return window.localStorage.getItem(key); } catch (e) { return null; }
}
function write(key, value) {
  try {
    if (value === null) window.localStorage.removeItem(key); else window.localStorage.setItem(key, value);
  } catch (e) { /* private browsing: the seat lasts as long as the page */ }
}

// A seat taken (or the table watched): the table's banner to the top of the window, the board under it
// (on a laptop or a phone the lesson's title and notes would push the board below the fold).
function showTable() {
  let tries = 0;
  const go = () => {
    const banner = document.querySelector(".mineedu-table-banner");
    if (banner && banner.getClientRects().length) banner.scrollIntoView({ block: "start" });
    else if (tries++ < 120) requestAnimationFrame(go);
  };
  requestAnimationFrame(go);
}

function render({ model, el }) {
  el.style.display = "none";
  const q = new URLSearchParams(window.location.search);
  const code = (q.get("table") || "").trim().toUpperCase().slice(0, 16);
  const watch = q.get("watch") === "1";
  if (code) document.body.classList.add(watch ? "mineedu-watching" : "mineedu-table-pending");
  model.on("msg:custom", (m) => {
    if (!m || typeof m !== "object") return;
    if (m.keep) {
      write(KEY(m.keep.code), m.keep.ticket);
      if (m.keep.name) write("mineedu-name", m.keep.name);
    }
    if (m.forget) write(KEY(m.forget), null);
    if (m.ticket_for) model.send({ event: "ticket", table: m.ticket_for, ticket: read(KEY(m.ticket_for)), name: read("mineedu-name") });
    if (m.pending !== undefined) document.body.classList.toggle("mineedu-table-pending", !!m.pending);
    if (m.pending === false) showTable();
    if (m.watching !== undefined) document.body.classList.toggle("mineedu-watching", !!m.watching);
  });
  model.send({ event: "hello", table: code, watch, ticket: code ? read(KEY(code)) : null, name: read("mineedu-name") });
  // Enter in the join box's code or name (a phone's "Go" key) joins, as the button does. Caught on the way
  // down (ipywidgets' text boxes keep their keys to themselves), sent once the box has sent its value.
  const enter = (e) => {
    if (e.key !== "Enter" || e.isComposing || !e.target || !e.target.closest) return;
    if (!e.target.closest(".mineedu-table-name, .mineedu-table-code-box")) return;
    setTimeout(() => model.send({ event: "join" }), 0);
  };
  document.addEventListener("keydown", enter, true);
  return () => document.removeEventListener("keydown", enter, true);
}
export default { render };
