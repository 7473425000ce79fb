import Foundation
import Testing

@testable import SmokeCore

@Suite struct AttachmentExportPlanTests {
    private func item(
        _ name: String, test: String = "App.LoginTests/testLogin()", status: TestStatus = .passed,
        type: String = "image/png",
        configuration: String? = "English", device: String? = "iPhone 15 (iOS 17.5)"
    ) -> AttachmentExportPlan.Item {
        AttachmentExportPlan.Item(
            testID: test, status: status, name: name, mediaType: type, configuration: configuration, device: device,
            source: URL(fileURLWithPath: "/nonexistent/\(name)"))
    }

    @Test func theDefaultFoldersAreConfigurationDeviceAndTest() {
        let plan = AttachmentExportPlan(items: [item("Login screen")])
        #expect(plan.placements.map(\.path) == ["English/iPhone 15 (iOS 17.5)/LoginTests.testLogin/Login screen.png"])
    }

    @Test func byChoosesAndOrdersTheLevelsAndMissingValuesHaveNames() {
        let plan = AttachmentExportPlan(
            items: [item("Shot", status: .failed, configuration: nil, device: nil)],
            levels: [.status, .device, .configuration])
        #expect(plan.placements.map(\.path) == ["failed/Unknown Device/Default Configuration/Shot.png"])
    }

    @Test func sameNamesInOneFolderAreNumberedIgnoringCaseAndFlatDropsFolders() {
        let plan = AttachmentExportPlan(
            items: [item("Shot"), item("shot"), item("Shot", test: "App.Other/testB()")], flat: true)
        #expect(plan.placements.map(\.path) == ["Shot.png", "shot 2.png", "Shot 3.png"])
    }

    @Test func hostileNamesStayInsideTheirFolderAndKeepTheirType() {
        let plan = AttachmentExportPlan(
            items: [
                item("../../etc/passwd", type: "text/plain"), item("photo.HEIC", type: "image/heic"),
                item("", type: "image/jpeg"),
            ], flat: true)
        let paths = plan.placements.map(\.path)
        #expect(paths.allSatisfy { !$0.contains("/") && !$0.hasPrefix(".") })
        #expect(paths[1] == "photo.heic")
        #expect(paths[2].hasSuffix(".jpg") || paths[2].hasSuffix(".jpeg"))
    }

    @Test func onlyFiltersImagesAndFailures() {
        let items = [item("log", type: "text/plain"), item("ok"), item("broken", status: .failed)]
        #expect(
            AttachmentExportPlan(items: items, flat: true, only: [.images]).placements.map(\.item.name) == [
                "ok", "broken",
            ])
        #expect(
            AttachmentExportPlan(items: items, flat: true, only: [.failures]).placements.map(\.item.name) == ["broken"])
    }
}
