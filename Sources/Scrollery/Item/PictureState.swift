import ScrolleryCore

/// What the image pipeline made of an item's picture.
enum PictureState: Sendable, Equatable {
    /// Its variants are in the output.
    case published(PublishedPicture)
    /// It could not be had: the card shows the image error state. The failure is for the log and summary.
    case failed(Failure)
}
