import Foundation
// snippet begin
import SceneReplay
// snippet end
import Testing
import _TestSupport

// snippet begin
/// Replays one recording (JSON or JSON Lines) with the package's placer and tracker. Returns the
/// report and, per marker id, the index of the first frame in which it was confirmed.
func replay(recordingAt path: String) throws -> (ReplayReport, firstConfirmed: [Int: Int]) {
  var source = try ReplaySource(contentsOfFile: path)
  var settings = ReplaySettings()
  settings.tracker.confirmationHitCount = 2
  settings.filter = try AnyPositionFilter(name: "kalman", parameters: ["measurement-std": "0.002"])
  let engine = ReplayEngine(settings: settings, threadCount: 2)
  var firstConfirmed: [Int: Int] = [:]
  let report = try engine.run(&source) { frame in
    for marker in frame.markers where marker.state == .confirmed {
      firstConfirmed[marker.id] = firstConfirmed[marker.id] ?? frame.frameIndex
    }
  }
  return (report, firstConfirmed)
}
// snippet end

// snippet begin
/// Runs every recording in `directory` under every combination of the grid file on two threads
/// and ranks the combinations by their mean MOTA, best first.
func rankSettings(recordingsIn directory: String, gridFile: String) throws -> SweepRanking {
  let grid = try SweepGrid(contentsOfFile: gridFile)
  let recordings = try SweepRunner.recordings(inDirectory: directory)
  let jobs = SweepJob.jobs(recordings: recordings, combinationCount: grid.combinations.count)
  let runner = SweepRunner(grid: grid, recordingsDirectory: directory, threadCount: 2)
  var results: [SweepResult] = []
  runner.run(jobs, jobCount: jobs.count) { results.append($0) }
  return SweepRanking(results: results, rankBy: .mota)
}
// snippet end

/// The Swift of the SceneReplay article "Driving replay and sweeps from Swift"
/// (Sources/SceneReplay/SceneReplay.docc/ReplayAndSweepsFromSwift.md), run on the committed
/// scenes; expected counts are read from the files with Foundation's JSON parser, not from the
/// package.
@Suite("Article: driving replay and sweeps from Swift")
struct ReplayFromSwiftArticleTests {
  static let scenes = RecordingFixtures.packageRoot().appendingPathComponent("Scenes")

  @Test func theArticleSwiftIsThisFile() throws {
    try DocumentationSnippets.expectInSync(
      document: "Sources/SceneReplay/SceneReplay.docc/ReplayAndSweepsFromSwift.md",
      testFile: #filePath)
  }

  static func jsonObject(_ url: URL) throws -> [String: Any] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
  }

  @Test func replaysTheSample() throws {
    let url = Self.scenes.appendingPathComponent("recordings/dashboard-three-frames.json")
    let recording = try Self.jsonObject(url)
    let frames = try #require(recording["frames"] as? [[String: Any]])
    let detections = frames.map { ($0["detections"] as? [Any])?.count ?? 0 }.reduce(0, +)
    let (report, firstConfirmed) = try replay(recordingAt: url.path)
    #expect(report.frameCount == frames.count)
    #expect(report.placement.detectionCount == detections)
    #expect(report.metrics != nil, "the sample has truth objects")
    // Confirmation after two consecutive hits: never in the first frame.
    #expect(firstConfirmed.values.allSatisfy { $0 >= 1 })
    #expect(
      Set(firstConfirmed.keys.map(MarkerID.number)).isSubset(of: Set(report.markers.map(\.id))))
  }

  @Test func ranksTheSampleGrid() throws {
    let directory = Self.scenes.appendingPathComponent("recordings")
    let grid = Self.scenes.appendingPathComponent("grids/filters-and-anchors.json")
    let gridObject = try Self.jsonObject(grid)
    // Combinations: the product of the axis list lengths (every member but format, version and
    // base is an axis).
    let combinationCount = gridObject.filter { !["format", "version", "base"].contains($0.key) }
      .map { ($0.value as? [Any])?.count ?? 1 }.reduce(1, *)
    let recordingCount = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".json") || $0.hasSuffix(".jsonl") }.count
    let ranking = try rankSettings(recordingsIn: directory.path, gridFile: grid.path)
    #expect(ranking.rows.count == combinationCount)
    #expect(Set(ranking.rows.map(\.combinationIndex)) == Set(0..<combinationCount))
    #expect(ranking.rows.allSatisfy { $0.jobCount == recordingCount && $0.failedCount == 0 })
    let motas = ranking.rows.compactMap { $0.mean(of: .mota) }
    #expect(motas.count == combinationCount, "every combination has a mean MOTA")
    #expect(motas == motas.sorted(by: >), "best first")
  }
}
