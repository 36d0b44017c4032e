/// An item with the slug it is published under, unique in the build: its page is `items/<slug>/`.
struct SluggedItem: Sendable, Equatable {
    let item: GalleryItem
    let slug: String
}
