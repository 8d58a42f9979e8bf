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
    let oneJSON = try ArsimRunner.run(["mistakes", file, "--threads", "1", "--json"])
    #expect(oneJSON.status == 0, "\(oneJSON.stderr)")
    #expect(oneJSON.stdout.hasPrefix(#"{"rows":[{"failsClearly":null,"placer":"correct","#))
  }

  /// 1, 2 and 3 threads and the default (every processor) give the same bytes, as text and as
  /// JSON; with more placers than threads, each thread runs several.
  @Test func sameBytesForAnyThreadCount() throws {
    let file = Self.scenes.appendingPathComponent("recordings/dashboard-three-frames.json").path
    for format in [[], ["--json"]] {
      let one = try ArsimRunner.run(["mistakes", file, "--threads", "1"] + format)
      #expect(one.status == 0, "\(one.stderr)")
      #expect(one.stdout.contains("crop-ignored"))
      for threads in [["--threads", "2"], ["--threads", "3"], []] {
        let other = try ArsimRunner.run(["mistakes", file] + threads + format)
        #expect(other.status == 0, "\(threads): \(other.stderr)")
        #expect(other.stdout == one.stdout, "\(threads) \(format)")
      }
    }
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
