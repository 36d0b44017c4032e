/// An item as the search index takes it, made by the pipeline: what its result card shows, its terms and
/// its filter values. The index writes the card as `search.js` draws it and never renders a page itself.
package struct SearchDocument: Sendable {
    /// The card's picture, with the fields of the theme's card (`alt`, and `src`, `srcset`, `width`,
    /// `height` and `style` where the picture has them); `unavailable` when it could not be had.
    package struct Picture: Sendable {
        package var alt: String
        package var unavailable = false
        package var src: String?
        package var srcset: String?
        package var width: String?
        package var height: String?
        package var style: String?

        package init(alt: String) {
            self.alt = alt
        }
    }

    /// The section of a site with sections: its key (the `date` filter's value) and its heading.
    package struct Section: Sendable {
        package let key: String
        package let heading: String

        package init(key: String, heading: String) {
            self.key = key
            self.heading = heading
        }
    }

    package let title: String
    /// The item page's URL.
    package let url: String
    package let date: String?
    package let picture: Picture?
    package let terms: SearchTerms
    /// The values of each of the config's filters, in its order.
    package let facets: [[String]]
    package let section: Section?

    package init(
        title: String, url: String, date: String?, picture: Picture?, terms: SearchTerms, facets: [[String]],
        section: Section?
    ) {
        self.title = title
        self.url = url
        self.date = date
        self.picture = picture
        self.terms = terms
        self.facets = facets
        self.section = section
    }
}
