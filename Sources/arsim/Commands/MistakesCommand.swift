import Foundation
import SceneFormat
import SessionSimulation

/// `arsim mistakes`: what each classic placement mistake does on a recording or a synthesized
/// scene (`MistakeReport`); this file declares the options and prints.
enum MistakesCommand {
  static let recording = Argument<String?>(
    optional: "RECORDING", completion: .file,
    help: "The recording with truth (JSON, or JSON Lines streamed when the name ends in .jsonl).")
  static let specFile = Option<String?>(
    "spec", valueName: "SPEC", completion: .file,
    help: "A scene spec (Scenes/specs/) to synthesize as it plays, instead of a recording.")
  static let seed = Option<UInt64?>(
    "seed", valueName: "N", help: "The synthesis seed (with --spec).")
  static let json = Flag(
    "json", help: "Print one JSON object: {\"rows\": [{\"placer\", \"failsClearly\", \"score\"}]}.")
  static let threads = Option.threads(
    help: "Placers run at once (each plays its own copy of the session). Default: the number of "
      + "processors. The output is the same bytes for any N.")

  static let spec = CommandSpec(
    name: "mistakes",
    summary: "What each classic placement mistake does on a recording or a scene.",
    usage: [
      "mistakes RECORDING [--json] [--threads N]",
      "mistakes --spec SPEC --seed N [--json] [--threads N]",
    ],
    discussion: """
      Runs the correct placer and each classic placement mistake of the catalogue that applies \
      to the session (crop ignored, Vision orientation .up assumed, Vision y not flipped, display \
      transform skipped, ...) over the whole recording, or over a scene synthesized from a spec \
      and a seed, and prints one row each: where the markers land (the as-placed error), the \
      error of the markers at the end, MOTA, missed objects, whether the mistake fails clearly \
      (3 times the correct placer's as-placed error, or objects never marked), and what the \
      diagnosis names for its markers. In a session with scene depth the correct placer places \
      by depth (on the frames with depth).
      """,
    arguments: [recording], options: [specFile, seed, json, threads], run: run)

  static func run(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandLineError)
    -> String
  {
    let path = parsed.value(recording)
    let spec = parsed.value(specFile)
    let seedValue = parsed.value(seed)
    switch (path, spec, seedValue) {
    case (_?, _?, _): throw .usage("give either RECORDING or --spec, not both")
    case (nil, _?, nil): throw .usage("option --spec needs --seed N")
    case (_?, nil, _?): throw .usage("option --seed goes with --spec")
    case (nil, nil, _): throw .usage("missing the RECORDING (or --spec SPEC --seed N)")
    default: break
    }
    do {
      let session =
        if let spec, let seedValue {
          try SimulatedSession(specFile: spec, seed: seedValue)
        } else {
          try SimulatedSession(contentsOfFile: path ?? "", limits: context.limits)
        }
      let report = try MistakeReport(session: session, threadCount: parsed.threadCount(threads))
      if parsed.flag(json) {
        return String(decoding: try JSONWriter.bytes(of: report.jsonValue), as: UTF8.self)
      }
      return TerminalText.escapedKeepingLines(report.markdownTable)
    } catch {
      throw .runtime(describing: error)
    }
  }
}
