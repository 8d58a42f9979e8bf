import Foundation
import SceneFormat
import SceneReplay
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
    help: "A condition KEY OP VALUE on a figure of --json (KEY one of the METRICS below; OP "
      + ScoreRequirement.Comparison.allCases.map(\.rawValue).joined(separator: " ")
      + "; VALUE a number, or for a text metric one of its values, with == or !=), e.g. "
      + "mota>=0.9 or bestFitMistake==none: when one fails, the score is printed, each failed "
      + "condition is named on standard error and the exit status is 2. An undefined figure "
      + "(null) fails every condition.")
  static let matchThreshold = Option<Double?>(
    "match-threshold", valueName: "METERS",
    help: "The distance within which a marker matches a truth object of its label (default: "
      + "half the smallest spacing of the truth objects).",
    valid: { $0 > 0 }, expected: "a distance > 0 in metres")
  static let report = Option<String?>(
    "report", valueName: "PAGE", completion: .outputFile,
    help: "Also write the HTML report arsim replay --report writes, for these markers (overview "
      + "chart, frame picture, top-down view, per-marker plots) to PAGE.")
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

      A marker matches only a truth object of its label, within the match threshold: a marker \
      in the right place with another label (or a label no object has) is a miss of the object \
      and a false positive. All truth objects and shown markers take part in the matching, in \
      view or not; only those in view count, so a marker matched to an object just outside the \
      view is neither a match nor a false positive, and a marker just outside the view that \
      matches an object inside it is a match.

      FILE holds one JSON object per frame, in increasing frame order:

        {"frame": 0, "markers": [{"id": 3, "label": "hazard", "position": [x, y, z]}]}

      frame: the 0-based frame index in RECORDING; id: a string or an integer; position: world \
      metres; state (optional): tentative markers are not shown and not scored. A frame \
      without a line shows no markers; other members are ignored.
      """,
    arguments: [recording],
    options: [markers, json, require, matchThreshold, noDiagnosis, report],
    epilogue: metricsHelp + "\n\n"
      + """
      Exit status: 0; 2 when a --require condition fails; 1 for a bad recording or markers file \
      (named with its line and JSON path); 64 for a usage error.
      """,
    run: run)

  /// The reader of a markers file, `-` for standard input.
  static func markersReader(_ path: String, _ context: CommandContext) throws(CommandLineError)
    -> MarkersFileReader
  {
    do {
      return path == "-"
        ? MarkersFileReader(
          handle: try context.streams.openInput(), name: InputFile.standardInputName)
        : try MarkersFileReader(path: path)
    } catch let failure as StandardStreams.Failure {
      throw .runtime(failure.message)
    } catch {
      throw .runtime(describing: error)
    }
  }

  /// The metrics of the score (`PlacementScore.metricTable`), one entry each: the keys of
  /// --json and --require.
  static var metricsHelp: String {
    "METRICS (keys of --json and --require):\n"
      + PlacementScore.metricTable.map { metric in
        let values = metric.textValues.map { ". Values: " + $0.joined(separator: ", ") + "." }
        return HelpFormatter.entry(label: metric.key, text: metric.summary + (values ?? ""))
      }.joined(separator: "\n")
  }

  static func run(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandLineError)
    -> String
  {
    var harness = PlacementHarness(diagnoses: !parsed.flag(noDiagnosis))
    harness.matchThresholdMeters = parsed.value(matchThreshold).map { Float($0) }
    let markersPath = parsed.value(markers)
    let recordingPath = parsed.value(recording)
    let score: PlacementScore
    do {
      // The recording is opened first, so a bad recording is named before the markers file.
      if let reportPath = parsed.value(report) {
        // One pass: the score, its diagnosis and the pictures' data together.
        let source = try ReplaySource(contentsOfFile: recordingPath, limits: context.limits)
        var reader = try markersReader(markersPath, context)
        let capture = try ReplayCapture(source: source, markers: &reader, harness: harness)
        guard let scored = capture.score else {
          throw HarnessError.noTruth(file: recordingPath)
        }
        score = scored
        let title = URL(fileURLWithPath: recordingPath).lastPathComponent
        try OutputFile.write(
          ReplayHTMLReport(title: title, capture: capture).html, to: reportPath, context)
      } else {
        var session = try SimulatedSession(contentsOfFile: recordingPath, limits: context.limits)
        var reader = try markersReader(markersPath, context)
        score = try harness.score(&session, markers: &reader)
      }
    } catch let failure as CommandLineError {
      throw failure
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
      let actual = value.map(\.description) ?? "null (undefined)"
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
