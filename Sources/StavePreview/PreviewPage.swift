import StaveSyntax
/// The page `stave preview` serves at `/`: one HTML document with its style and script inline,
/// so that it works offline and loads nothing from elsewhere.
///
/// What scripts and tests can rely on: the roll is the inline `<svg id="roll">` (its notes are
/// the elements of class `note`); the engraved pages are in `#score`; the problems are the
/// elements of class `diagnostic` in `#diagnostics`, each starting with `LINE:COL`; the Play
/// button is `#play`; the cursor `#cursor` moves over the roll while the song plays, its
/// `data-time` the playing position in seconds. The page follows `/events` (server-sent
/// events: the roll as an event named `roll`, the other parts as a `PreviewUpdate` in JSON) and plays `/audio.wav?v=VERSION`.
public enum PreviewPage {
    /// The page for `file`, showing `update` (its roll, diagnostics, status and audio state; the
    /// score comes with the first event).
    public static func html(file: String, update: PreviewUpdate) -> String {
        let title = escaped(update.title ?? file)
        let diagnostics = (update.diagnostics ?? []).map {
            "<li class=\"diagnostic \(escaped($0.severity))\">\(escaped($0.text))</li>"
        }.joined(separator: "\n")
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <link rel="icon" href="data:,">
        <title>\(title) — stave preview</title>
        <style>\(style)</style>
        </head>
        <body>
        <header>
        <h1 id="title">\(title)</h1>
        <span id="file">\(escaped(file))</span>
        <button id="play" type="button" disabled>Play</button>
        <span id="audio-status"></span>
        <span id="status">\(escaped(update.status ?? ""))</span>
        </header>
        <section id="problems"\(diagnostics.isEmpty ? " hidden" : "")>
        <ul id="diagnostics">
        \(diagnostics)
        </ul>
        </section>
        <section id="roll-view">
        <div id="roll-box">
        \(update.roll ?? "<svg id=\"roll\" xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\" data-seconds=\"0\" data-pixels-per-second=\"60\" data-left=\"120\"></svg>")
        <div id="cursor" data-time="0"></div>
        </div>
        </section>
        <section id="score" aria-label="engraved score"></section>
        <audio id="audio" preload="none"></audio>
        <script>\(script)</script>
        </body>
        </html>

        """
    }

    /// Text for element text and attribute values (`MarkupText`, shared with the other markup writer).
    public static func escaped(_ text: String) -> String { MarkupText.escaped(text) }

    static let style = """
    body { margin: 0; font: 14px/1.4 system-ui, sans-serif; color: #222; background: #f4f4f0; }
    header { display: flex; gap: 12px; align-items: baseline; flex-wrap: wrap; padding: 8px 16px; background: #fff; border-bottom: 1px solid #ddd; position: sticky; top: 0; z-index: 2; }
    h1 { font-size: 18px; margin: 0; }
    #file { color: #777; }
    #play { font-size: 14px; padding: 3px 14px; }
    #audio-status, #status { color: #666; }
    #problems { margin: 8px 16px; padding: 6px 12px; background: #fff0f0; border: 1px solid #e6b0b0; border-radius: 4px; }
    #diagnostics { margin: 0; padding-left: 18px; font-family: ui-monospace, monospace; white-space: pre-wrap; }
    .diagnostic.error { color: #a00; }
    .diagnostic.warning { color: #8a5a00; }
    body.stale #roll-view { opacity: 0.55; }
    #roll-view { margin: 8px 16px; overflow-x: auto; background: #fff; border: 1px solid #ddd; }
    #roll-box { position: relative; display: inline-block; }
    #roll { display: block; }
    #cursor { position: absolute; top: 0; bottom: 0; left: 120px; width: 2px; background: #d62728; pointer-events: none; display: none; }
    body.playing #cursor { display: block; }
    #score { margin: 8px 16px; }
    #score .note-line { color: #666; }
    #score .page { background: #fff; border: 1px solid #ddd; margin: 8px 0; overflow-x: auto; }
    #score .page svg { display: block; max-width: 100%; height: auto; }
    """

    static let script = """
    "use strict";
    (function () {
      const byId = (id) => document.getElementById(id);
      const audio = byId("audio"), play = byId("play"), cursor = byId("cursor"), view = byId("roll-view");
      let audioVersion = 0, loadedVersion = 0;

      function rollNumber(name, fallback) {
        const value = parseFloat(byId("roll").getAttribute(name));
        return isFinite(value) ? value : fallback;
      }
      function placeCursor(time) {
        const x = rollNumber("data-left", 120) + time * rollNumber("data-pixels-per-second", 60);
        cursor.style.left = x + "px";
        cursor.setAttribute("data-time", time.toFixed(3));
        if (x < view.scrollLeft + 40 || x > view.scrollLeft + view.clientWidth - 40) view.scrollLeft = Math.max(0, x - 120);
      }
      function follow() {
        placeCursor(audio.currentTime);
        if (!audio.paused && !audio.ended) requestAnimationFrame(follow);
      }
      function stopped() {
        document.body.classList.remove("playing");
        play.textContent = "Play";
      }
      function setRoll(svg) {
        const holder = document.createElement("div");
        holder.innerHTML = svg;
        const next = holder.querySelector("svg");
        if (next) byId("roll").replaceWith(next);
      }
      function setDiagnostics(list) {
        const items = list.map((d) => {
          const item = document.createElement("li");
          item.className = "diagnostic " + d.severity;
          item.textContent = d.text;
          return item;
        });
        byId("diagnostics").replaceChildren(...items);
        byId("problems").hidden = items.length === 0;
        document.body.classList.toggle("stale", list.some((d) => d.severity === "error"));
      }
      function setAudio(state) {
        if (state.state === "ready") audioVersion = state.version;
        play.disabled = audioVersion === 0;
        byId("audio-status").textContent = state.text;
        play.title = state.state === "ready" ? "" : state.text;
      }
      function setScore(score) {
        const parts = [];
        if (score.note) {
          const note = document.createElement("p");
          note.className = "note-line";
          note.textContent = score.note;
          parts.push(note);
        }
        for (const page of score.pages) {
          const box = document.createElement("div");
          box.className = "page";
          box.innerHTML = page;
          parts.push(box);
        }
        byId("score").replaceChildren(...parts);
      }
      function apply(update) {
        if ("title" in update) { byId("title").textContent = update.title; document.title = update.title + " — stave preview"; }
        if ("roll" in update) setRoll(update.roll);
        if ("diagnostics" in update) setDiagnostics(update.diagnostics);
        if ("status" in update) byId("status").textContent = update.status;
        if ("audio" in update) setAudio(update.audio);
        if ("score" in update) setScore(update.score);
      }
      play.addEventListener("click", () => {
        if (!audio.paused) { audio.pause(); audio.currentTime = 0; placeCursor(0); stopped(); return; }
        if (loadedVersion !== audioVersion) { audio.src = "/audio.wav?v=" + audioVersion; loadedVersion = audioVersion; }
        audio.currentTime = 0;
        audio.play().then(() => {
          document.body.classList.add("playing");
          play.textContent = "Stop";
          requestAnimationFrame(follow);
        }).catch((error) => { byId("audio-status").textContent = "cannot play: " + error.message; });
      });
      audio.addEventListener("ended", () => { placeCursor(audio.duration || 0); stopped(); });
      const events = new EventSource("/events");
      events.onmessage = (event) => apply(JSON.parse(event.data));
      events.addEventListener("roll", (event) => setRoll(event.data));
      events.onopen = () => { byId("status").classList.remove("lost"); };
      events.onerror = () => { byId("status").textContent = "not connected to stave preview (is it still running?)"; };
    })();
    """
}
