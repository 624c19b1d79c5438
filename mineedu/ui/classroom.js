// The student's first name for the class (mineedu/ui/classroom.py): asked once, kept by this browser
// with the store's ticket (localStorage "mineedu-student"), sent back on every page so a reloaded
// tab is the same student. Hidden when the page is not in a class.
const KEY = "mineedu-student";

const NAME = "mineedu-name";  // the first name a class table's page keeps too (mineedu/ui/table.js)

function kept() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || "null");
    if (v && typeof v.name === "string") return v;
    const name = localStorage.getItem(NAME);  // given at a table: the same student joins the class
    return name ? { name, ticket: "" } : null;
  } catch (e) {
    return null;
  }
}

function keep(name, ticket) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ name, ticket }));
    localStorage.setItem(NAME, name);
  } catch (e) { /* private mode: the name is asked again next time */ }
}

function render({ model, el }) {
  el.classList.add("mineedu-student-bar");
  let said = false;
  const say = (name, ticket) => {
    model.set("hello", { name, ticket: ticket || "", at: Date.now() });
    model.save_changes();
  };
  const draw = () => {
    const state = model.get("state");
    const t = model.get("texts") || {};
    el.replaceChildren();
    el.style.display = state === "off" ? "none" : "";
    if (state === "solo") {
      const p = document.createElement("p");
      p.className = "mineedu-solo";
      p.setAttribute("role", "status");
      p.textContent = t.solo || "";
      el.append(p);
      return;
    }
    if (state === "in") {
      const p = document.createElement("p");
      p.className = "mineedu-joined";
      p.textContent = t.joined || "";
      const change = document.createElement("button");
      change.type = "button";
      change.className = "mineedu-change-name";
      change.textContent = t.change || "";
      change.onclick = () => { model.set("state", "ask"); draw(); };
      p.append(" ", change);
      el.append(p);
      keep(model.get("name"), model.get("ticket"));
      return;
    }
    if (state !== "ask") return;
    const was = kept();
    if (was && !said) {  // this browser already has a name: the same student comes back
      said = true;
      say(was.name, was.ticket);
    }
    const form = document.createElement("form");
    form.className = "mineedu-name-form";
    const label = document.createElement("label");
    label.textContent = (t.name_label || "") + " ";
    const input = document.createElement("input");
    input.className = "mineedu-first-name";
    input.maxLength = 30;
    input.autocomplete = "given-name";
    input.required = true;
    input.value = model.get("name") || (was ? was.name : "");
    label.append(input);
    const go = document.createElement("button");
    go.className = "mineedu-join-class";
    go.textContent = t.join || "";
    const ask = document.createElement("p");
    ask.textContent = t.ask || "";
    form.append(ask, label, " ", go);
    if (t.error) {
      const err = document.createElement("p");
      err.setAttribute("role", "alert");
      err.className = "mineedu-alert";
      err.textContent = t.error;
      form.append(err);
    }
    form.onsubmit = (e) => {
      e.preventDefault();
      const old = kept();
      say(input.value, old && old.name === input.value.trim() ? old.ticket : "");
    };
    el.append(form);
  };
  model.on("change:state", draw);
  model.on("change:texts", draw);
  draw();
}
export default { render };
