import SceneFormat
import Testing

@testable import SceneReplay

/// `SweepRanking` on a small fake metric set, ranked by hand.
@Suite struct SweepRankingTests {
  static func result(
    job: Int, combination: Int, mota: Double?, jitter: Double?, error: String? = nil
  ) -> SweepResult {
    var metrics: [String: JSONValue] = [:]
    metrics["mota"] = mota.map(JSONValue.number) ?? .null
    metrics["jitterRMSMillimeters"] = jitter.map(JSONValue.number) ?? .null
    return SweepResult(
      jobIndex: job, jobCount: 7, recording: job < 3 ? "a.json" : "b.json",
      combinationIndex: combination, axes: .object(["raycastSeeds": .number(Double(combination))]),
      settings: .object([:]), frameCount: 10, metrics: error == nil ? .object(metrics) : .null,
      placement: .null, error: error)
  }

  /// Combination 0: mota 0.25, 0.75 (mean 0.5), jitter 2, 4 (mean 3).
  /// Combination 1: mota 0.875 and null (mean 0.875 over 1), jitter 1, 1 (mean 1), plus a failed job.
  /// Combination 2: mota 0.5, 0.5 (mean 0.5, ties with 0), jitter null (no mean).
  static let results = [
    result(job: 6, combination: 1, mota: nil, jitter: nil, error: "c.json: bad"),
    result(job: 0, combination: 0, mota: 0.25, jitter: 2),
    result(job: 1, combination: 1, mota: 0.875, jitter: 1),
    result(job: 2, combination: 2, mota: 0.5, jitter: nil),
    result(job: 3, combination: 0, mota: 0.75, jitter: 4),
    result(job: 4, combination: 1, mota: nil, jitter: 1),
    result(job: 5, combination: 2, mota: 0.5, jitter: nil),
  ]

  @Test func ranksByMotaHigherFirstTiesByIndex() {
    let ranking = SweepRanking(results: Self.results, rankBy: .mota)
    #expect(ranking.rows.map(\.combinationIndex) == [1, 0, 2])
    #expect(ranking.rows.map { $0.mean(of: .mota) } == [0.875, 0.5, 0.5])
    #expect(ranking.rows[0].valueCounts[0] == 1)
    #expect(ranking.rows[0].jobCount == 3 && ranking.rows[0].failedCount == 1)
    #expect(ranking.rows[1].jobCount == 2 && ranking.rows[1].failedCount == 0)
  }

  @Test func ranksByJitterLowerFirstMissingLast() {
    let ranking = SweepRanking(results: Self.results, rankBy: .jitterMm)
    #expect(ranking.rows.map(\.combinationIndex) == [1, 0, 2])
    #expect(ranking.rows.map { $0.mean(of: .jitterMm) } == [1, 3, nil])
    #expect(ranking.rows.map { $0.mean(of: .idf1) } == [nil, nil, nil])
  }

  @Test func ranksByMotaWhenTheTieBreakDecides() {
    // Without combination 1, combinations 0 and 2 tie at 0.5: the lower index ranks first.
    let ranking = SweepRanking(
      results: Self.results.filter { $0.combinationIndex != 1 }, rankBy: .mota)
    #expect(ranking.rows.map(\.combinationIndex) == [0, 2])
  }

  @Test func resultLineRoundTrips() throws {
    for result in Self.results {
      let bytes = try JSONWriter.bytes(of: result.jsonValue)
      #expect(try SweepResult(json: JSONParser.parse(bytes)) == result)
    }
  }
}
