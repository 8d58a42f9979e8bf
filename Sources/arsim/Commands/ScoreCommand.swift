import Foundation
import SceneFormat
import SessionSimulation

/// `arsim score`: scores markers another program showed (a JSON Lines file, one line per frame)
/// against a recording's truth, with the replay metrics and the diagnosis; `--require` makes it
/// a CI gate. The work is `PlacementHarness.score(_:markers:)`; this file declares the options
/// and prints.
enum ScoreCommand {
  static let recording = Argument<String>(
    "RECORDING", completion: .file,
    help: "The recording with truth (JSON, or JSON Lines streamed when the name ends in .jsonl).")
  static let markers = Option<String>(
    required: "markers", valueName: "FILE", completion: .file,
    help: "The markers: JSON Lines, one {\"frame\", \"markers\": [{\"id\", \"label\", "
      + "\"position\"}]} per frame, in increasing frame order (- for standard input).")
  static let json = Flag(
    "json",
    help: "Print one JSON object (keys sorted; Scenes/schema/score.schema.json) instead of the "
      + "report.")
  static let require = Option<[ScoreRequirement]>(
    repeating: "require", valueName: "EXPR",
    help: "A condition KEY>=N, KEY<=N, KEY>N or KEY<N on a number of --json: when one fails, the "
      + "score is printed, each failed condition is named on standard error and the exit status "
      + "is 2. KEY is one of: "
      + PlacementScore.metricTable.map(\.key).joined(separator: ", ") + ".")
  static let matchThreshold = Option<Double?>(
    "match-threshold", valueName: "METERS",
    help: "The distance within which a marker matches a truth object of its label (default: "
      + "half the smallest spacing of the truth objects).",
    valid: { $0 > 0 }, expected: "a distance > 0 in metres")
  static let noDiagnosis = Flag(
    "no-diagnosis", help: "Skip the diagnosis (it places every frame again once per mistake).")

  static let spec = CommandSpec(
    name: "score", summary: "Score markers from any program against a recording's truth.",
    discussion: """
      Scores the markers another program showed (your app's log, a Python or Unity tool) \
      against the recording's truth objects: placement error, jitter, MOTA, IDF1, ID switches, \
      misses, false markers, time to first marker, reprojection error, per-object detail, and a \
      diagnosis naming the classic placement mistake the errors fit. Truth objects and markers \
      count in a frame when the recording's camera shows them in its viewport, exactly as in \
      `arsim replay`, so the lines `arsim replay --out` writes score to replay's metrics.

      FILE holds one JSON object per frame, in increasing frame order:

        {"frame": 0, "markers": [{"id": 3, "label": "hazard", "position": [x, y, z]}]}

      frame: the 0-based frame index in RECORDING; id: a string or an integer; position: world \
      metres; state (optional): tentative markers are not shown and not scored. A frame \
      without a line shows no markers; other members are ignored.
      """,
    arguments: [recording], options: [markers, json, require, matchThreshold, noDiagnosis],
    epilogue: """
      Exit status: 0; 2 when a --require condition fails; 1 for a bad recording or markers file \
      (named with its line and JSON path); 64 for a usage error.
      """,
    run: run)

  static func run(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandLineError)
    -> String
  {
    var harness = PlacementHarness(diagnoses: !parsed.flag(noDiagnosis))
    harness.matchThresholdMeters = parsed.value(matchThreshold).map { Float($0) }
    let markersPath = parsed.value(markers)
    let score: PlacementScore
    do {
      var session = try SimulatedSession(
        contentsOfFile: parsed.value(recording), limits: context.limits)
      var reader =
        markersPath == "-"
        ? MarkersFileReader(
          handle: try context.streams.openInput(), name: InputFile.standardInputName)
        : try MarkersFileReader(path: markersPath)
      score = try harness.score(&session, markers: &reader)
    } catch let failure as StandardStreams.Failure {
      throw .runtime(failure.message)
    } catch {
      throw .runtime(describing: error)
    }
    let output: String
    if parsed.flag(json) {
      do {
        output = String(decoding: try JSONWriter.bytes(of: score.jsonValue), as: UTF8.self)
      } catch {
        throw .runtime(describing: error)
      }
    } else {
      output = TerminalText.escapedKeepingLines(score.description)
    }
    let failed = parsed.value(require).compactMap { requirement -> String? in
      let (value, holds) = requirement.check(score)
      guard !holds else { return nil }
      let actual = value.map { JSONWriter.text(of: $0) } ?? "null (undefined)"
      return "requirement \(requirement) failed: \(requirement.metric) is \(actual)"
    }
    guard failed.isEmpty else {
      throw .conditionsFailed(output: output, message: failed.joined(separator: "\n"))
    }
    return output
  }
}

extension ScoreRequirement: ExpressibleByArgument {
  /// Parses `KEY>=N` (see `ScoreRequirement.init(parsing:)`).
  init(argument: String) throws(ArgumentValueError) {
    do {
      try self.init(parsing: argument)
    } catch {
      throw ArgumentValueError(error.message)
    }
  }
}
