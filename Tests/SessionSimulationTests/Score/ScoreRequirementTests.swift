import SessionSimulation
import Testing

@Suite struct ScoreRequirementTests {
  typealias Value = PlacementScore.Metric.Value

  @Test(
    arguments: [
      ("mota>=0.9", "mota", ScoreRequirement.Comparison.atLeast, Value.number(0.9)),
      ("placementErrorRmsMm < 20", "placementErrorRmsMm", .lessThan, .number(20)),
      ("idSwitches<=0", "idSwitches", .atMost, .number(0)),
      ("jitterRmsMm >1e-3", "jitterRmsMm", .greaterThan, .number(0.001)),
      ("placeableMota>=0.95", "placeableMota", .atLeast, .number(0.95)),
      ("missedObjects == 0", "missedObjects", .equal, .number(0)),
      ("bestFitMistake==none", "bestFitMistake", .equal, .text("none")),
      (
        "bestFitMistake != vision-y-not-flipped", "bestFitMistake", .notEqual,
        .text("vision-y-not-flipped")
      ),
    ] as [(String, String, ScoreRequirement.Comparison, Value)])
  func parses(
    expression: String, metric: String, comparison: ScoreRequirement.Comparison, operand: Value
  ) throws {
    let requirement = try ScoreRequirement(parsing: expression)
    #expect(requirement.metric == metric)
    #expect(requirement.comparison == comparison)
    #expect(requirement.operand == operand)
  }

  /// Every figure of the score can be gated on: each key of the table parses with a value of
  /// its kind, and prints back as written.
  @Test func everyMetricOfTheTableParses() throws {
    for metric in PlacementScore.metricTable {
      let expression =
        metric.isText ? "\(metric.key)!=\(metric.textValues![0])" : "\(metric.key)>=0.5"
      let requirement = try ScoreRequirement(parsing: expression)
      #expect(requirement.metric == metric.key)
      #expect(requirement.description == expression)
    }
  }

  /// Malformed expressions are refused, each with a message that names what is wrong (and, for
  /// a bad operator, the operators accepted).
  @Test(
    arguments: [
      ("mota", "write one of >=, <=, >, <, == or !="),
      ("mota=>0.8", "write one of >=, <=, >, <, == or !="),
      ("mota=0.9", "write one of >=, <=, >, <, == or !="),
      ("speed>=1", "unknown metric \"speed\""),
      ("mota>=", "is not a finite number"),
      ("mota>=fast", "is not a finite number"),
      ("mota>=inf", "is not a finite number"),
      ("mota>=0x10", "is not a finite number"),
      (">=1", "does not start with a metric"),
      ("bestFitMistake>=none", "compare it with == or !="),
      ("bestFitMistake==vision-y-flipped", "is not a value of bestFitMistake"),
    ])
  func refuses(expression: String, message: String) {
    #expect {
      try ScoreRequirement(parsing: expression)
    } throws: { error in
      (error as? ScoreRequirement.ParseError)?.message.contains(message) == true
    }
  }

  /// An undefined metric (no truth object was ever in view: MOTA is undefined; not diagnosed:
  /// no best fit) fails even a requirement any value meets.
  @Test func undefinedMetricsFail() throws {
    let empty = PlacementScorer(truth: RecordingTruth()).score()
    let check = try ScoreRequirement(parsing: "mota>=-1000").check(empty)
    #expect(check.value == nil)
    #expect(!check.holds)
    let frames = try ScoreRequirement(parsing: "frames<=0").check(empty)
    #expect(frames.value == .number(0) && frames.holds)
    #expect(try ScoreRequirement(parsing: "bestFitMistake!=none").check(empty).holds == false)
  }

  /// The best fit gates as a text: a score whose diagnosis puts "Vision y not flipped" first
  /// (residual 1 mm) passes `bestFitMistake==vision-y-not-flipped` and fails `==none`; when no
  /// placement explains the markers (best residual nil) the best fit is undefined.
  @Test func theBestFitIsGateable() throws {
    var score = PlacementScorer(truth: RecordingTruth()).score()
    let mistake = try #require(PlacementMistake.catalogue.first { $0.id == "vision-y-not-flipped" })
    score.diagnosis = [
      DiagnosisFit(mistake: mistake, residualMillimeters: 1),
      DiagnosisFit(mistake: nil, residualMillimeters: 60),
    ]
    let fits = try ScoreRequirement(parsing: "bestFitMistake==vision-y-not-flipped").check(score)
    #expect(fits.value == .text("vision-y-not-flipped") && fits.holds)
    #expect(try ScoreRequirement(parsing: "bestFitMistake==none").check(score).holds == false)
    #expect(try ScoreRequirement(parsing: "bestFitResidualMm<=1").check(score).holds)
    score.diagnosis = [DiagnosisFit(mistake: nil, residualMillimeters: nil)]
    #expect(try ScoreRequirement(parsing: "bestFitMistake!=none").check(score).value == nil)
  }
}
