/// Rows of one table by `rowid`, for following `*_fk` columns.
package struct XCResultDatabaseIndex {
    private var rows: [Int: XCResultDatabaseRow] = [:]

    package init(_ list: [XCResultDatabaseRow]) {
        for row in list {
            if let id = row.int("rowid") { rows[id] = row }
        }
    }

    package subscript(_ id: Int?) -> XCResultDatabaseRow? {
        guard let id else { return nil }
        return rows[id]
    }

    var count: Int { rows.count }

    /// Follows `column` from `start` up to the root (the row whose `column` is NULL), start first.
    /// Bounded by the table size, so a cycle in a corrupt database ends instead of looping.
    package func chain(from start: Int?, via column: String) -> [XCResultDatabaseRow] {
        var result: [XCResultDatabaseRow] = []
        var next = start
        while let row = self[next], result.count <= rows.count {
            result.append(row)
            next = row.int(column)
        }
        return result
    }
}
