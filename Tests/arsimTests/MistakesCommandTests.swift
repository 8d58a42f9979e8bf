import Foundation
import Testing
import _TestSupport

/// `arsim mistakes` end to end: one row per applicable placer, the same bytes for any thread
/// count, usage errors named.
@Suite("arsim mistakes")
struct MistakesCommandTests {
  static let scenes = RecordingFixtures.packageRoot().appendingPathComponent("Scenes")

  @Test func tablesTheApplicableMistakes() throws {
    let file = Self.scenes.appendingPathComponent("recordings/dashboard-three-frames.json").path
    let one = try ArsimRunner.run(["mistakes", file])
    #expect(one.status == 0, "\(one.stderr)")
    let rows = one.stdout.split(separator: "\n").filter { $0.hasPrefix("| ") }
    #expect(rows.first?.hasPrefix("| placer |") == true)
    #expect(rows.dropFirst().first?.hasPrefix("| correct placer |") == true)
    // The three-frame recording's request is .right + centerCrop over the whole image in a
    // portrait view: mirroring and the region of interest cannot change anything; the crop can.
    #expect(rows.contains { $0.hasPrefix("| crop-ignored |") })
    #expect(!rows.contains { $0.hasPrefix("| mirroring-ignored |") })
    #expect(!rows.contains { $0.hasPrefix("| region-of-interest-ignored |") })
    let two = try ArsimRunner.run(["mistakes", file, "--threads", "2", "--json"])
    let oneJSON = try ArsimRunner.run(["mistakes", file, "--json"])
    #expect(two.status == 0 && oneJSON.status == 0)
    #expect(two.stdout == oneJSON.stdout)
    #expect(oneJSON.stdout.hasPrefix(#"{"rows":[{"failsClearly":null,"placer":"correct","#))
  }

  @Test(arguments: [
    ["--seed", "3"], ["--spec", "x.json"], ["a.json", "--spec", "x.json", "--seed", "1"],
    ["a.json", "--threads", "0"], [],
  ])
  func usageErrorsExit64(arguments: [String]) throws {
    let result = try ArsimRunner.run(["mistakes"] + arguments)
    #expect(result.status == 64, "\(arguments): \(result.stderr)")
  }
}
