import ARSimulation
import SpatialMath

/// The options and positional arguments of one subcommand, parsed against a fixed list of known
/// options. Parsing only splits and checks names; each command then validates the values it reads
/// through the typed accessors, which name the option in their errors.
struct ParsedArguments {
  /// How many values an option takes.
  enum Arity {
    /// A flag, present or not.
    case flag
    /// One value: `--name VALUE` or `--name=VALUE`.
    case one
    /// A list of `count` numbers: either one argument separated by commas (or spaces) or `count`
    /// separate arguments.
    case numbers(count: Int)
  }

  private var values: [String: String] = [:]
  private(set) var positional: [String] = []
  private var flags: Set<String> = []

  /// Parses `arguments` (without the subcommand name). `--help` anywhere sets the `help` flag.
  init(_ arguments: [String], options: [String: Arity]) throws(CommandLineError) {
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard argument.hasPrefix("--"), argument != "--" else {
        positional.append(argument)
        continue
      }
      var name = String(argument.dropFirst(2))
      var inlineValue: String?
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      if name == "help" || name == "h" {
        flags.insert("help")
        continue
      }
      guard let arity = options[name] else {
        let known = options.keys.sorted().map { "--\($0)" }.joined(separator: ", ")
        throw .usage("unknown option --\(name) (known: \(known), --help)")
      }
      guard values[name] == nil, !flags.contains(name) else {
        throw .usage("option --\(name) given more than once")
      }
      switch arity {
      case .flag:
        guard inlineValue == nil else { throw .usage("option --\(name) takes no value") }
        flags.insert(name)
      case .one:
        if let inlineValue {
          values[name] = inlineValue
        } else {
          guard index < arguments.count else { throw .usage("option --\(name) needs a value") }
          values[name] = arguments[index]
          index += 1
        }
      case .numbers(let count):
        if let inlineValue {
          values[name] = inlineValue
        } else {
          guard index < arguments.count else {
            throw .usage("option --\(name) needs \(count) numbers")
          }
          let first = arguments[index]
          index += 1
          if count > 1, !first.contains(","), !first.contains(" ") {
            // Separate arguments: take `count - 1` more.
            guard index + count - 1 <= arguments.count else {
              throw .usage("option --\(name) needs \(count) numbers")
            }
            values[name] = ([first] + arguments[index..<(index + count - 1)]).joined(separator: ",")
            index += count - 1
          } else {
            values[name] = first
          }
        }
      }
    }
  }

  /// Whether `--help` was given.
  var wantsHelp: Bool { flags.contains("help") }

  /// Whether a flag was given.
  func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The raw value of an option, if given.
  func string(_ name: String) -> String? { values[name] }

  /// A list of exactly `count` finite numbers separated by commas or spaces.
  func numbers(_ name: String, count: Int) throws(CommandLineError) -> [Double]? {
    guard let raw = values[name] else { return nil }
    let parts = raw.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
    guard parts.count == count else {
      throw .usage("option --\(name) needs \(count) numbers, got \(parts.count) in \"\(raw)\"")
    }
    var result: [Double] = []
    for part in parts {
      guard let value = Double(part), value.isFinite else {
        throw .usage("option --\(name): \"\(part)\" is not a finite number")
      }
      result.append(value)
    }
    return result
  }

  /// A size written `WxH` with both parts positive and finite.
  func size(_ name: String) throws(CommandLineError) -> Size? {
    guard let raw = values[name] else { return nil }
    let parts = raw.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]) else {
      throw .usage("option --\(name): expected WIDTHxHEIGHT (e.g. 1920x1440), got \"\(raw)\"")
    }
    let size = Size(width: w, height: h)
    guard size.isPositiveAndFinite else {
      throw .usage("option --\(name): width and height must be > 0, got \"\(raw)\"")
    }
    return size
  }

  /// A case of a name-coded enumeration.
  func named<T: CaseNameCodable>(_ name: String, as type: T.Type) throws(CommandLineError) -> T? {
    guard let raw = values[name] else { return nil }
    guard let value = T(name: raw) else {
      throw .usage(
        "option --\(name): unknown value \"\(raw)\"; expected one of "
          + T.allNames.joined(separator: ", "))
    }
    return value
  }
}
