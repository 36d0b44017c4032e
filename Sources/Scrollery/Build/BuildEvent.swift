public import ScrolleryCore

/// What a build reports while it runs, for progress output.
public enum BuildEvent: Sendable {
    /// A source page was fetched.
    case sourcePage(number: Int, location: String, items: Int)
    /// A listing page's items were enriched and rendered.
    case page(number: Int, items: Int, failed: Int)
    /// One item's details failed; the item is kept in its error state.
    case itemFailed(position: Int, id: String, failure: Failure)
    /// One item's picture could not be had; its card shows the image error state.
    case pictureFailed(position: Int, id: String, failure: Failure)
    /// The image pipeline's counts so far, after each listing page.
    case images(ImageCounts)
}
