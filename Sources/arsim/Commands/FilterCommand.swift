import Foundation
import Placement

/// `arsim filter`: smooths a logged position stream with one of the Placement filters so that
/// users can tune filter parameters on their own logs.
///
/// Reads a JSON array of `{"t","x","y","z"}` samples (or CSV `t,x,y,z` with `--csv`) from a file or
/// stdin and writes the filtered samples, same JSON shape, keys sorted, to stdout. Each filter's
/// parameters are an option group that applies only with `--filter` naming it.
enum FilterCommand {
  /// A filter name as an argument; the spellings are `AnyPositionFilter.filterNames`.
  struct FilterName: ExpressibleByArgument {
    let name: String
    static var allValueStrings: [String] { AnyPositionFilter.filterNames }

    init(argument: String) throws(ArgumentValueError) {
      guard Self.allValueStrings.contains(argument) else {
        throw .unknownValue(argument, validValues: Self.allValueStrings)
      }
      name = argument
    }
  }

  static let input = Argument<String?>(
    optional: "FILE", completion: .file,
    help: "The samples; standard input when absent or -.")
  static let filter = Option<FilterName>(
    required: "filter", valueName: "NAME",
    help: "The filter.")
  static let csv = Flag(
    "csv", help: "Read CSV lines t,x,y,z (an optional header line) instead of JSON.")

  /// The parameter groups, one per entry of the filter registry (`PositionFilterKind.all`, in
  /// its order): each parameter's name, value name and help line come from its entry, so a
  /// filter added to the registry appears here, in the help and in the completion scripts.
  static let parameterGroups: [(filter: String, title: String, options: [Option<String?>])] =
    PositionFilterKind.all.map { kind in
      (
        kind.name, kind.title.uppercased(),
        kind.parameters.map { Option<String?>($0.name, valueName: $0.valueName, help: $0.help) }
      )
    }

  static let spec = CommandSpec(
    name: "filter", summary: "Smooth a logged position stream (tune filters on your logs).",
    discussion: """
      Reads samples {"t","x","y","z"} (t in seconds, strictly increasing; a JSON array, or CSV \
      lines t,x,y,z with --csv) and writes the filtered samples as a JSON array to standard \
      output. A sample whose timestamp does not increase is ignored by the filter and printed \
      with the previous estimate. Each filter's parameters are the options of its group below; \
      they apply only with --filter naming it.
      """,
    arguments: [input], options: [filter, csv],
    optionGroups: parameterGroups.map { group in
      OptionGroup(
        "\(group.title) (--filter \(group.filter))",
        condition: .init(option: "filter", value: group.filter), options: group.options)
    },
    run: run)

  static func run(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandLineError)
    -> String
  {
    // Validate: the chosen filter's parameters (the parser refused the other filters').
    let name = parsed.value(filter).name
    var parameters: [String: String] = [:]
    for group in parameterGroups where group.filter == name {
      for option in group.options {
        if let text = parsed.value(option) { parameters[option.declaration.name] = text }
      }
    }
    let configured: AnyPositionFilter
    do {
      configured = try AnyPositionFilter(name: name, parameters: parameters)
    } catch {
      throw .usage("option --\(error.parameter ?? "filter"): \(error.message)")
    }
    // Run.
    let path = parsed.value(input) ?? "-"
    let source = InputFile.name(path)
    let data = Data(try InputFile.read(path, context))
    let samples: [FilterSample]
    do {
      if parsed.flag(csv) {
        guard let text = String(data: data, encoding: .utf8) else {
          throw CommandLineError.runtime("\(source): not UTF-8 text")
        }
        samples = try FilterSampleCoding.decodeCSV(text, source: source)
      } else {
        try JSONPath.requireValidJSON(data, name: source)
        samples = try FilterSampleCoding.decodeJSON(data, source: source)
      }
    } catch {
      throw .runtime(describing: error)
    }
    var running = configured
    let output = FilterSampleCoding.encodeJSON(running.filtered(samples))
    return output.hasSuffix("\n") ? String(output.dropLast()) : output
  }
}
