import Foundation
import SceneFormat
import SessionSimulation

/// `arsim score`: scores markers another program showed (a JSON Lines file, one line per frame)
/// against a recording's truth, with the replay metrics and the diagnosis; `--require` makes it
/// a CI gate. The work is `PlacementHarness.score(recording:markers:)`; this file parses the
/// options and prints.
enum ScoreCommand {
  static var usage: String {
    let keys = PlacementScore.metricTable.map(\.key)
    var keyLines: [String] = []
    var line = "                      "
    for key in keys {
      if line.count + key.count + 2 > 100 {
        keyLines.append(line)
        line = "                      "
      }
      line += key + ", "
    }
    keyLines.append(String(line.dropLast(2)))
    return """
      USAGE: arsim score RECORDING --markers FILE [--json] [--require EXPR]...
                         [--match-threshold METERS] [--no-diagnosis]

      Scores the markers another program showed (your app's log, a Python or Unity tool) against
      the recording's truth objects: placement error, jitter, MOTA, IDF1, ID switches, misses,
      false markers, time to first marker, reprojection error, per-object detail, and a diagnosis
      that names the classic placement mistake the errors fit. Truth objects and markers count in
      a frame when the recording's camera shows them in its viewport, exactly as in `arsim
      replay`, so `arsim score RECORDING --markers OUT` on the lines `arsim replay RECORDING --out
      OUT` wrote reproduces replay's metrics.

      FILE is JSON Lines, one object per frame, in increasing frame order:
        {"frame": 0, "markers": [{"id": 3, "label": "hazard", "position": [x, y, z]}, ...]}
      frame: the 0-based frame index in RECORDING; id: a string or an integer; position: world
      metres; state (optional): tentative markers are not shown and not scored. A frame without
      a line shows no markers; other members are ignored.

      OPTIONS:
        --markers FILE      The markers file (required).
        --json              Print one JSON object (keys sorted; Scenes/schema/score.schema.json).
        --require EXPR      A condition KEY>=N, KEY<=N, KEY>N or KEY<N on a number of --json
                            (repeatable); when one fails, the score is printed, each failed
                            condition is named on stderr and the exit status is 2. KEY is one of
      \(keyLines.joined(separator: "\n"))
        --match-threshold METERS
                            Distance within which a marker matches a truth object of its label
                            (default: half the smallest spacing of the truth objects).
        --no-diagnosis      Skip the diagnosis (it places every frame again once per mistake).
        --help              Show this help.

      Exit status: 0, 2 when a --require condition fails, 1 for a bad recording or markers file
      (named with its line and JSON path), 64 for a usage error.
      """
  }

  static let options: [String: ParsedArguments.Arity] = [
    "markers": .one, "json": .flag, "match-threshold": .one, "no-diagnosis": .flag,
  ]

  static func run(arguments: [String]) -> Int32 {
    do {
      // `--require` repeats, so it is taken out before the other options are parsed.
      var rest: [String] = []
      var expressions: [String] = []
      var index = 0
      while index < arguments.count {
        let argument = arguments[index]
        index += 1
        if argument == "--require" {
          guard index < arguments.count else {
            throw CommandLineError.usage("option --require needs a value")
          }
          expressions.append(arguments[index])
          index += 1
        } else if argument.hasPrefix("--require=") {
          expressions.append(String(argument.dropFirst("--require=".count)))
        } else {
          rest.append(argument)
        }
      }
      let parsed = try ParsedArguments(rest, options: options)
      if parsed.wantsHelp {
        print(usage)
        return 0
      }
      guard parsed.positional.count == 1 else {
        throw CommandLineError.usage(
          parsed.positional.isEmpty
            ? "missing the RECORDING" : "unexpected argument \"\(parsed.positional[1])\"")
      }
      guard let markers = parsed.string("markers"), !markers.isEmpty else {
        throw CommandLineError.usage("option --markers FILE is required")
      }
      var requirements: [ScoreRequirement] = []
      for expression in expressions {
        do {
          requirements.append(try ScoreRequirement(parsing: expression))
        } catch {
          throw CommandLineError.usage("option --require: \(error)")
        }
      }
      var harness = PlacementHarness(diagnoses: !parsed.flag("no-diagnosis"))
      if let text = parsed.string("match-threshold") {
        guard let meters = Float(text), meters.isFinite, meters > 0 else {
          throw CommandLineError.usage(
            "option --match-threshold: expected a distance > 0 in metres, got \"\(text)\"")
        }
        harness.matchThresholdMeters = meters
      }

      let score: PlacementScore
      do {
        score = try harness.score(recording: parsed.positional[0], markers: markers)
      } catch {
        throw CommandLineError.runtime("\(error)")
      }
      if parsed.flag("json") {
        do {
          print(String(decoding: try JSONWriter.bytes(of: score.jsonValue), as: UTF8.self))
        } catch {
          throw CommandLineError.runtime("\(error)")
        }
      } else {
        print(score.description)
      }
      var failed = 0
      for requirement in requirements {
        let (value, holds) = requirement.check(score)
        guard !holds else { continue }
        failed += 1
        let actual = value.map { JSONWriter.text(of: $0) } ?? "null (undefined)"
        Tool.writeError(
          "arsim score: requirement \(requirement) failed: \(requirement.metric) is \(actual)\n")
      }
      return failed == 0 ? 0 : 2
    } catch let error as CommandLineError {
      var message = "arsim score: \(error.description)\n"
      if case .usage = error { message += "Run `arsim score --help` for usage.\n" }
      Tool.writeError(message)
      return error.exitStatus
    } catch {
      Tool.writeError("arsim score: \(error)\n")
      return 1
    }
  }
}
