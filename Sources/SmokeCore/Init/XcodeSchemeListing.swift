import Foundation

/// What `xcodebuild -list -json` and `-showTestPlans -json` say a project, workspace or scheme holds. Pure.
package struct XcodeSchemeListing: Sendable, Equatable {
    package var name: String
    package var schemes: [String]
    /// Targets, listed for a project only (a workspace's `-list` names schemes alone).
    package var targets: [String]

    package init(name: String, schemes: [String], targets: [String] = []) {
        self.name = name
        self.schemes = schemes
        self.targets = targets
    }

    /// `{"project": {…}}` or `{"workspace": {…}}`; `source` is the command, named in errors.
    package static func parse(listJSON data: Data, source: String) throws(InitError) -> XcodeSchemeListing {
        struct Entry: Decodable {
            var name: String?
            var schemes: [String]?
            var targets: [String]?
        }
        struct Listing: Decodable {
            var project: Entry?
            var workspace: Entry?
        }
        let listing: Listing
        do {
            listing = try JSONDecoder().decode(Listing.self, from: data)
        } catch {
            throw .unreadableOutput(command: source, reason: Self.reason(error))
        }
        guard let entry = listing.workspace ?? listing.project else {
            throw .unreadableOutput(command: source, reason: "it has neither a \"project\" nor a \"workspace\" object")
        }
        return XcodeSchemeListing(
            name: entry.name ?? "", schemes: entry.schemes ?? [], targets: entry.targets ?? [])
    }

    /// The test plans one scheme lists, in order; `"testPlans": null` is none.
    package static func testPlans(fromJSON data: Data, source: String) throws(InitError) -> [String] {
        struct Plan: Decodable { var name: String? }
        struct Plans: Decodable { var testPlans: [Plan]? }
        do {
            return try JSONDecoder().decode(Plans.self, from: data).testPlans?.compactMap(\.name) ?? []
        } catch {
            throw .unreadableOutput(command: source, reason: Self.reason(error))
        }
    }

    private static func reason(_ error: any Error) -> String {
        (error as? DecodingError)?.keyPathDescription ?? error.localizedDescription
    }
}
