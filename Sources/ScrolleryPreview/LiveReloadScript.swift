import Foundation

/// The script the preview adds to every HTML page it serves (never to `build` output): it reloads the
/// page when a rebuild finishes and shows a rebuild's error over the last good page.
enum LiveReloadScript {
    static let eventsPath = "/__scrollery/events"
    static let marker = "data-scrollery-preview"

    static func tag(error: String?) -> String {
        let banner =
            error.map { message in
                "<div \(marker)-error role=\"alert\" style=\"\(bannerStyle)\"><strong>Rebuild failed.</strong> "
                    + "The last good build is shown.<pre style=\"white-space:pre-wrap;margin:.5em 0 0\">"
                    + escape(message) + "</pre></div>"
            } ?? ""
        return banner + "<script \(marker)>" + script + "</script>"
    }

    static let bannerStyle =
        "position:fixed;z-index:2147483647;left:0;right:0;bottom:0;max-height:50vh;overflow:auto;"
        + "padding:1em;background:#7f1d1d;color:#fff;font:14px/1.4 system-ui,sans-serif"

    static let script = """
        (function(){var s=new EventSource("\(eventsPath)");\
        s.addEventListener("reload",function(){location.reload()});\
        s.addEventListener("build-error",function(e){var d=document.querySelector("[\(marker)-error]");\
        if(!d){d=document.createElement("div");d.setAttribute("\(marker)-error","");d.setAttribute("role","alert");\
        d.style.cssText="\(bannerStyle)";document.body.appendChild(d)}\
        d.textContent="Rebuild failed. The last good build is shown.\\n"+e.data;d.style.whiteSpace="pre-wrap"})})();
        """

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The page with the tag before `</body>` (or at the end).
    static func inject(into html: String, error: String?) -> String {
        let tag = tag(error: error)
        guard let range = html.range(of: "</body>", options: [.caseInsensitive, .backwards]) else { return html + tag }
        return html.replacingCharacters(in: range, with: tag + "</body>")
    }
}
