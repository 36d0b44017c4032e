extension TemplateValue {
    /// What an item's templates see, as two levels looked up from the top down: the item's own members,
    /// and on top of them its detail under `detail` and what its picture's processing found under
    /// `picture` (`top`, `nil` when there is neither). An item that is not an object is seen as itself.
    /// The item's members are not copied to add the two.
    package static func item(
        _ item: JSONValue, detail: JSONValue?, picture: [String: String]? = nil
    ) -> (item: TemplateValue, top: TemplateValue?) {
        guard case .object(var members) = item else {
            return (TemplateValue(json: item) ?? .object(TemplateObject()), nil)
        }
        if case .null? = detail {
            // A detail of `null` hides the item's own `detail`, which a level on top cannot do.
            members["detail"] = .null
            return TemplateValue.item(.object(members), detail: nil, picture: picture)
        }
        guard detail != nil || picture != nil else { return (.json(item), nil) }
        var top = TemplateObject()
        if let detail { top["detail"] = TemplateValue(json: detail) }
        if let picture { top["picture"] = .json(.object(picture.mapValues { .string($0) })) }
        return (.json(item), .object(top))
    }
}
