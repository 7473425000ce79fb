/// What `report.json` says about `<output>/env`: its path and the variables the run took from it, names only.
package struct EnvironmentFileRecord: Codable, Sendable, Equatable {
    /// The file, as the run found it (relative to the current folder when under it).
    package var path: String
    /// The variables set from the file, in the file's order; a variable the environment already set is not here.
    package var variables: [String]

    package init(path: String, variables: [String]) {
        self.path = path
        self.variables = variables
    }
}
