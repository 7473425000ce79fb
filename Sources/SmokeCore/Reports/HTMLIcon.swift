/// The page's icons as inline SVG symbols: drawn the same on every machine, unlike emoji, which need a
/// font. The page defines each symbol once (`sprite`) and every use is a short `<use>` reference.
enum HTMLIcon: String, CaseIterable, Sendable {
    case check, cross, skip, dash, bolt, clock, warning, stop, flaky

    /// 16×16 path data, stroked with the current colour.
    private var path: String {
        switch self {
        case .check: "M3 8.5l3 3 7-7"
        case .cross: "M4 4l8 8M12 4l-8 8"
        case .skip: "M3 4l5 4-5 4M9 4l5 4-5 4"
        case .dash: "M3 8h10"
        case .bolt: "M9 1L3 9h5l-1 6 6-8H8z"
        case .clock: "M8 1.5a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13M8 4v4l3 2"
        case .warning: "M8 1.5l7 13H1zM8 6v4M8 12v1"
        case .stop: "M4 4h8v8H4z"
        case .flaky: "M2 10c2-6 4-6 6 0s4 6 6 0"
        }
    }

    /// An inline reference to the symbol, labelled for screen readers.
    func use(label: String) -> String {
        "<svg class=\"icon\" role=\"img\" aria-label=\"\(label)\"><use href=\"#i-\(rawValue)\"/></svg>"
    }

    /// Every symbol, once, at the top of the page.
    static var sprite: String {
        let symbols = allCases.map {
            """
            <symbol id="i-\($0.rawValue)" viewBox="0 0 16 16">\
            <path d="\($0.path)" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" \
            stroke-linejoin="round"/></symbol>
            """
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" style=\"display:none\">\(symbols.joined())</svg>\n"
    }
}
