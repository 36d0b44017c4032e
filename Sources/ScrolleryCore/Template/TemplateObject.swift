/// The named values of a context object, in the order they were set.
///
/// A page's objects are small (a card has about ten names), so a name is found by comparing it with
/// each in turn: cheaper than hashing it, and a card is built once and shared by the listing page and
/// the item's own page.
package struct TemplateObject: Sendable {
    private var names: [String] = []
    private var values: [TemplateValue] = []

    package init() {}

    /// The pairs in order; a later pair with the same name replaces the earlier one.
    package init(_ pairs: some Sequence<(String, TemplateValue)>) {
        for (name, value) in pairs { self[name] = value }
    }

    /// The value of `name`; setting `nil` removes it.
    package subscript(name: String) -> TemplateValue? {
        get {
            guard let index = names.firstIndex(of: name) else { return nil }
            return values[index]
        }
        set {
            if let index = names.firstIndex(of: name) {
                if let newValue {
                    values[index] = newValue
                } else {
                    names.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                names.append(name)
                values.append(newValue)
            }
        }
    }
}

extension TemplateObject: ExpressibleByDictionaryLiteral {
    package init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.init(elements)
    }
}
