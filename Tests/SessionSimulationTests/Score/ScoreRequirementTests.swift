import SessionSimulation
import Testing

@Suite struct ScoreRequirementTests {
  @Test(
    arguments: [
      ("mota>=0.9", "mota", ScoreRequirement.Comparison.atLeast, 0.9),
      ("placementErrorRmsMm < 20", "placementErrorRmsMm", .lessThan, 20),
      ("idSwitches<=0", "idSwitches", .atMost, 0),
      ("jitterRmsMm >1e-3", "jitterRmsMm", .greaterThan, 0.001),
    ] as [(String, String, ScoreRequirement.Comparison, Double)])
  func parses(
    expression: String, metric: String, comparison: ScoreRequirement.Comparison, bound: Double
  )
    throws
  {
    let requirement = try ScoreRequirement(parsing: expression)
    #expect(requirement.metric == metric)
    #expect(requirement.comparison == comparison)
    #expect(requirement.bound == bound)
  }

  @Test(arguments: ["mota", "mota=0.9", "speed>=1", "mota>=", "mota>=fast", "mota>=inf", ">=1"])
  func refuses(expression: String) {
    #expect(throws: ScoreRequirement.ParseError.self) { try ScoreRequirement(parsing: expression) }
  }

  /// An undefined metric (no truth object was ever in view: MOTA is undefined) fails even a
  /// requirement any number meets.
  @Test func undefinedMetricsFail() throws {
    let empty = PlacementScorer(truth: RecordingTruth()).score()
    let check = try ScoreRequirement(parsing: "mota>=-1000").check(empty)
    #expect(check.value == nil)
    #expect(!check.holds)
    let frames = try ScoreRequirement(parsing: "frames<=0").check(empty)
    #expect(frames.value == 0 && frames.holds)
  }
}
