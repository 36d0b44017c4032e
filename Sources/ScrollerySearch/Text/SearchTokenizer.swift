/// Cuts folded text into terms a scalar at a time, by the rule `SearchText` describes: each scalar's
/// kind and place in the folded bytes goes in, and the terms' ranges come out in order, repeats included,
/// at most `SearchText.maxTermsPerField`.
struct SearchTokenizer {
    /// The terms so far, as ranges of the folded bytes.
    private(set) var ranges: [Range<Int>] = []
    private var wordStart = 0
    private var wordEnd = 0
    private var wordLength = 0
    /// The last scalar of the current run of a script written without spaces, and the run's length.
    private var bigramStart = 0
    private var bigramEnd = 0
    private var runLength = 0

    /// Whether no more terms are taken.
    var isFull: Bool { ranges.count >= SearchText.maxTermsPerField }

    /// Takes the next scalar, of `kind`, whose folded bytes are at `start..<end`.
    @inline(__always)
    mutating func add(_ kind: SearchText.Kind, from start: Int, to end: Int) {
        switch kind {
        case .word:
            endRun()
            if wordLength == 0 { wordStart = start }
            if wordLength < SearchText.maxTermScalars { wordEnd = end }
            wordLength += 1
        case .bigram:
            endWord()
            if runLength > 0 { take(bigramStart..<end) }
            bigramStart = start
            bigramEnd = end
            runLength += 1
        case .separator:
            endWord()
            endRun()
        }
    }

    /// Ends the text: the last word or lone character is a term.
    mutating func finish() {
        endWord()
        endRun()
    }

    private mutating func endWord() {
        if wordLength > 0 { take(wordStart..<wordEnd) }
        wordLength = 0
    }

    /// A run of one character is its own term; a longer run gave its bigrams already.
    private mutating func endRun() {
        if runLength == 1 { take(bigramStart..<bigramEnd) }
        runLength = 0
    }

    @inline(__always)
    private mutating func take(_ range: Range<Int>) {
        if ranges.count < SearchText.maxTermsPerField { ranges.append(range) }
    }
}
