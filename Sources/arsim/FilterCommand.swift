import Foundation
import Placement

/// `arsim filter`: smooths a logged position stream with one of the Placement filters so that
/// users can tune filter parameters on their own logs.
///
/// Reads a JSON array of `{"t","x","y","z"}` samples (or CSV `t,x,y,z` with `--csv`) from a file or
/// stdin and writes the filtered samples, same JSON shape, keys sorted, to stdout. Exit codes: 0
/// success or `--help`, 64 usage error, 1 input or runtime error.
enum FilterCommand {
  /// The help text printed by `--help` and after usage errors.
  static let usage = """
    usage: arsim filter --filter oneEuro|kalman|exponential|median [options] [--csv] [FILE|-]

    Reads samples {"t","x","y","z"} (t in seconds, strictly increasing; JSON array, or CSV lines
    t,x,y,z with an optional header when --csv is given) from FILE or stdin and writes the filtered
    samples as a JSON array to stdout. A sample whose timestamp does not increase is ignored by the
    filter and printed with the previous estimate.

    Filters and their options (defaults in brackets):
      oneEuro      --min-cutoff HZ [1]  --beta PER_UNIT [0]  --d-cutoff HZ [1]
      kalman       --model velocity|position [velocity]
                   --process-noise Q [velocity: 3e-6 m^2/s^3; position: 1e-6 m^2/s]
                   --measurement-std METRES [0.003]
                   --gate CHI2_3DOF|off [16.27 = 99.9 %]
                   --reanchor COUNT [3; 0 disables]
                   --initial-speed-std M_PER_S [0.01; velocity model only]
      exponential  --time-constant SECONDS [0.1]
      median       --window SECONDS [0.2]  --max-samples COUNT [64]

    Other options:
      --csv        read CSV instead of JSON
      --help       print this help
    """

  /// Runs the command with `arguments` (without the subcommand name) on the process's stdin,
  /// stdout and stderr; returns the exit code.
  static func run(arguments: [String]) -> Int32 {
    run(
      arguments: arguments,
      readStandardInput: { FileHandle.standardInput.readDataToEndOfFile() },
      writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
      writeError: { FileHandle.standardError.write(Data($0.utf8)) })
  }

  /// The parsed command line.
  struct Options {
    var filterName: String?
    var parameters: [String: String] = [:]
    var csv = false
    var inputPath: String?
    var help = false
  }

  /// A usage error: the message names the option.
  struct UsageError: Error {
    var message: String
  }

  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--help" || argument == "-h" {
        options.help = true
      } else if argument == "--csv" {
        options.csv = true
      } else if argument.hasPrefix("--") {
        var name = String(argument.dropFirst(2))
        var value: String
        if let equals = name.firstIndex(of: "=") {
          value = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
        } else {
          guard index < arguments.count else {
            throw UsageError(message: "--\(name): missing value")
          }
          value = arguments[index]
          index += 1
        }
        if name == "filter" {
          options.filterName = value
        } else if options.parameters[name] != nil {
          throw UsageError(message: "--\(name): given more than once")
        } else {
          options.parameters[name] = value
        }
      } else if options.inputPath == nil {
        options.inputPath = argument
      } else {
        throw UsageError(message: "unexpected argument '\(argument)' (only one input file)")
      }
    }
    return options
  }

  static func run(
    arguments: [String], readStandardInput: () -> Data, writeOutput: (String) -> Void,
    writeError: (String) -> Void
  ) -> Int32 {
    // Parse and validate.
    let options: Options
    let filter: AnyPositionFilter
    do throws(UsageError) {
      options = try parse(arguments)
      if options.help {
        writeOutput(usage + "\n")
        return 0
      }
      guard let name = options.filterName else {
        throw UsageError(message: "--filter: missing (oneEuro, kalman, exponential or median)")
      }
      do {
        filter = try AnyPositionFilter(name: name, parameters: options.parameters)
      } catch {
        throw UsageError(message: "--\(error.parameter ?? "filter"): \(error.message)")
      }
    } catch {
      writeError("arsim filter: \(error.message)\n\(usage)\n")
      return 64
    }
    // Run.
    let source = options.inputPath.flatMap { $0 == "-" ? nil : $0 } ?? "<stdin>"
    let data: Data
    if let path = options.inputPath, path != "-" {
      guard let contents = FileManager.default.contents(atPath: path) else {
        writeError("arsim filter: \(path): cannot read file\n")
        return 1
      }
      data = contents
    } else {
      data = readStandardInput()
    }
    do {
      let samples: [FilterSample]
      if options.csv {
        guard let text = String(data: data, encoding: .utf8) else {
          writeError("arsim filter: \(source): not UTF-8 text\n")
          return 1
        }
        samples = try FilterSampleCoding.decodeCSV(text, source: source)
      } else {
        do {
          try JSONPath.requireValidJSON(data, name: source)
        } catch {
          writeError("arsim filter: \(error.description)\n")
          return 1
        }
        samples = try FilterSampleCoding.decodeJSON(data, source: source)
      }
      var running = filter
      writeOutput(FilterSampleCoding.encodeJSON(running.filtered(samples)))
      return 0
    } catch {
      writeError("arsim filter: \(error.description)\n")
      return 1
    }
  }
}
