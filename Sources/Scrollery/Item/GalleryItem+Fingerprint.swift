import ScrolleryCore

extension GalleryItem {
    /// The fingerprint of everything a page shows of an item (but its slug): made once per item, for its
    /// own page's key and its listing page's.
    static func fingerprint(of item: Values) -> Fingerprint.Digest {
        var key = Fingerprint(build: "item")
        key.add(item.position)
        key.add(item.id)
        key.add(item.title)
        key.add(item.image?.src ?? "-")
        key.add(item.image?.width)
        key.add(item.image?.height)
        key.add(item.image?.alt ?? "-")
        if let description = item.description { key.add(utf8: description.htmlBytes) } else { key.add("-") }
        key.add(item.description?.excerpt ?? "-")
        key.add(item.date ?? "-")
        key.add(item.link ?? "-")
        key.add(item.error?.message ?? "-")
        key.add(item.section.map { "\($0.key) \($0.heading)" } ?? "-")
        key.add(item.sectionDay?.description ?? "-")
        // Added only when there are fields: the keys of items without any stay those of earlier versions.
        if !item.fields.isEmpty { key.add("fields \(item.fields.count)") }
        for field in item.fields {
            key.add(field.name)
            key.add(field.value)
        }
        // Added only when there are groups, as the fields are.
        if !item.groups.isEmpty { key.add("groups \(item.groups.count)") }
        for values in item.groups {
            key.add(values.count)
            for value in values { key.add(value) }
        }
        // Added only when there is one: the keys of items without stay those of earlier versions.
        if let download = item.download { key.add("download \(download)") }
        if let video = item.video { key.add("video \(video)") }
        switch item.picture {
        case nil: key.add("no picture")
        case .failed(let failure): key.add("failed: \(failure.message)")
        case .published(let picture):
            key.add("published: \(picture.key)\(picture.image.camera == nil ? "" : " camera")")
        }
        return key.finalize()
    }
}

extension Fingerprint {
    /// Adds an item shown under `slug`.
    mutating func add(_ item: GalleryItem, slug: String) {
        add(slug)
        add(item.fingerprint)
    }
}
