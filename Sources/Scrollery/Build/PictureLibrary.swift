import Foundation
import ScrolleryImaging

/// libvips as a site needs it: whether its pictures may need decoding, and whether the library opens here.
public enum PictureLibrary {
    /// Whether a build of the site may decode a picture: pictures are on and `item.image` can name more than
    /// the site's own SVG files (which are linked as given, as in the `local` preset).
    public static func isNeeded(by config: SiteConfig) -> Bool {
        guard config.images.enabled, let image = config.item.image else { return false }
        let template = image.trimmingCharacters(in: .whitespaces).lowercased()
        let ownSVG = template.hasSuffix(".svg") && !template.contains("://") && !template.hasPrefix("//")
        return !ownSVG
    }

    /// Why libvips cannot be opened here, or `nil` when it can. Opening does not start it.
    public static var openFailure: String? { Vips.openFailure }

    /// The one line that says what to do when a site needs libvips and `failure` is why it did not open.
    public static func missing(_ failure: String) -> String {
        "Pictures are on in scrollery.yml, but \(failure): install libvips42 (Debian and Ubuntu: "
            + "apt-get install libvips42), or turn pictures off with `images: { enabled: false }`."
    }
}
