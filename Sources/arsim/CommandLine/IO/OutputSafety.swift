import SceneFormat

/// The checks on a command's outputs made before it runs, so that nothing is written when one
/// fails (a usage error, exit 64, naming both places):
///
/// - an output file is not one of the inputs (the same file: same device and inode, whatever
///   the spelling, links or hard links; standard input redirected from it counts);
/// - an output file does not lie in a directory whose files the command reads (`sweep
///   --out` in `--recordings`);
/// - no two outputs name the same file, and at most one is standard output (`-`).
///
/// Outputs that are not regular files (`/dev/null`, a FIFO) are written in place and not
/// compared.
enum OutputSafety {
  static func check(_ paths: [PathArgument], streams: StandardStreams) throws(CommandLineError) {
    let outputs = paths.filter { $0.role == .output }
    guard !outputs.isEmpty else { return }
    let toStandardOutput = outputs.filter { $0.path == "-" }
    if toStandardOutput.count > 1 {
      throw .usage(
        "\(list(toStandardOutput.map(\.label))) cannot all be standard output (-): their "
          + "bytes would mix")
    }
    var seen: [(output: PathArgument, key: String)] = []
    for output in outputs where output.path != "-" {
      guard let key = OutputFileWriter.canonicalTarget(of: output.path) else { continue }
      if let earlier = seen.first(where: { $0.key == key }) {
        throw .usage(
          "\(earlier.output.label) and \(output.label) name the same file "
            + "(\(InputFile.name(output.path))): one would replace the other")
      }
      seen.append((output, key))
      let identity = FileIdentity(path: output.path)
      for input in paths where input.role == .input {
        let inputIdentity =
          input.path == "-" ? streams.inputIdentity : FileIdentity(path: input.path)
        guard let identity, identity == inputIdentity else { continue }
        let inputName =
          input.path == "-" ? "standard input" : "\(input.label) \(InputFile.name(input.path))"
        throw .usage(
          "\(output.label) \(InputFile.name(output.path)) is the same file as \(inputName), an "
            + "input: writing it would destroy the input; choose another output file")
      }
      for directory in paths where directory.role == .inputDirectory {
        guard let directoryIdentity = FileIdentity(path: directory.path),
          FileIdentity(directoryOfOutput: output.path) == directoryIdentity
        else { continue }
        throw .usage(
          "\(output.label) \(InputFile.name(output.path)) is inside \(directory.label) "
            + "\(InputFile.name(directory.path)), whose files are read as inputs; write it "
            + "to another directory")
      }
    }
  }

  /// `--a and --b`, `--a, --b and --c`.
  private static func list(_ labels: [String]) -> String {
    guard labels.count > 1 else { return labels.first ?? "" }
    return labels.dropLast().joined(separator: ", ") + " and " + labels.last!
  }
}
