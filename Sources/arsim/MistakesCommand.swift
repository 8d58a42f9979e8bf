import Foundation
import SceneFormat
import SessionSimulation

/// `arsim mistakes`: what each classic placement mistake does on a recording or a synthesized
/// scene (`MistakeReport`); this file parses the options and prints.
enum MistakesCommand {
  static let usage = """
    USAGE: arsim mistakes RECORDING [--json] [--threads N]
           arsim mistakes --spec SPEC --seed N [--json] [--threads N]

    Runs the correct placer and each classic placement mistake of the catalogue that applies to
    the session (crop ignored, Vision orientation .up assumed, Vision y not flipped, display
    transform skipped, ...) over the whole recording, or over a scene synthesized from a spec and
    a seed, and prints one row each: where the markers land (as-placed error), the error of the
    markers at the end, MOTA, missed objects, whether the mistake fails clearly (3 times the
    correct placer's as-placed error, or objects never marked), and what the diagnosis names for
    its markers.

    OPTIONS:
      --spec SPEC       A scene spec (Scenes/specs/) to synthesize instead of a recording.
      --seed N          The synthesis seed (with --spec).
      --json            Print one JSON object: {"rows": [{"placer", "failsClearly", "score"}]}.
      --threads N       Placers run in parallel (default 1); the output does not depend on it.
      --help            Show this help.
    """

  static func run(_ arguments: [String]) throws(CommandLineError) -> String {
    let parsed = try ParsedArguments(
      arguments, options: ["spec": .one, "seed": .one, "json": .flag, "threads": .one])
    if parsed.wantsHelp { return usage }
    var threads = 1
    if let text = parsed.string("threads") {
      guard let value = Int(text), (1...256).contains(value) else {
        throw .usage("option --threads: expected an integer in 1...256, got \"\(text)\"")
      }
      threads = value
    }
    let session: SimulatedSession
    do {
      if let spec = parsed.string("spec") {
        guard parsed.positional.isEmpty else {
          throw CommandLineError.usage("give either RECORDING or --spec, not both")
        }
        guard let text = parsed.string("seed"), let seed = UInt64(text) else {
          throw CommandLineError.usage("option --spec needs --seed N (an integer >= 0)")
        }
        session = try SimulatedSession(specFile: spec, seed: seed)
      } else {
        guard parsed.positional.count == 1 else {
          throw CommandLineError.usage(
            parsed.positional.isEmpty
              ? "missing the RECORDING (or --spec SPEC --seed N)"
              : "unexpected argument \"\(parsed.positional[1])\"")
        }
        guard parsed.string("seed") == nil else {
          throw CommandLineError.usage("option --seed goes with --spec")
        }
        session = try SimulatedSession(contentsOfFile: parsed.positional[0])
      }
      let report = try MistakeReport(session: session, threadCount: threads)
      if parsed.flag("json") {
        return String(decoding: try JSONWriter.bytes(of: report.jsonValue), as: UTF8.self)
      }
      return report.markdownTable
    } catch let error as CommandLineError {
      throw error
    } catch {
      throw .runtime("\(error)")
    }
  }
}
