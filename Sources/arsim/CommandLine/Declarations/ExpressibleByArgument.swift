import ARSimulation
import SpatialMath

/// A type whose values can be read from one command-line argument. The type knows its own
/// spellings: an enumeration lists them in `allValueStrings`, so help texts, "did you mean"
/// suggestions and completion scripts come from the type, never from a copy in a command.
///
/// `CaseNameCodable` enumerations conform through their case names (the names JSON uses).
protocol ExpressibleByArgument: Sendable {
  /// Reads a value from `argument`.
  ///
  /// - Throws: `ArgumentValueError` saying what was expected; the parser names the option.
  init(argument: String) throws(ArgumentValueError)

  /// Every valid spelling, for help, suggestions and completion; empty for free-form values.
  static var allValueStrings: [String] { get }

  /// How the value is shown as a default in help (`1920x1440`, `right`).
  var argumentDescription: String { get }
}

extension ExpressibleByArgument {
  static var allValueStrings: [String] { [] }
  var argumentDescription: String { "\(self)" }
}

extension ExpressibleByArgument where Self: CaseNameCodable {
  init(argument: String) throws(ArgumentValueError) {
    guard let value = Self(name: argument) else {
      throw .unknownValue(argument, validValues: Self.allNames)
    }
    self = value
  }

  static var allValueStrings: [String] { allNames }
  var argumentDescription: String { name }
}

extension String: ExpressibleByArgument {
  init(argument: String) throws(ArgumentValueError) { self = argument }
}

extension Int: ExpressibleByArgument {
  init(argument: String) throws(ArgumentValueError) {
    guard let value = Int(argument) else {
      throw ArgumentValueError("expected an integer, got \"\(argument)\"")
    }
    self = value
  }
}

extension UInt64: ExpressibleByArgument {
  init(argument: String) throws(ArgumentValueError) {
    guard let value = UInt64(argument) else {
      throw ArgumentValueError("\"\(argument)\" is not an unsigned 64-bit integer")
    }
    self = value
  }
}

extension Double: ExpressibleByArgument {
  init(argument: String) throws(ArgumentValueError) {
    guard let value = Double(argument), value.isFinite else {
      throw ArgumentValueError("\"\(argument)\" is not a finite number")
    }
    self = value
  }
}

extension Size: ExpressibleByArgument {
  /// `WIDTHxHEIGHT` (or `X`), both parts finite and > 0.
  init(argument: String) throws(ArgumentValueError) {
    let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else {
      throw ArgumentValueError("expected WIDTHxHEIGHT (e.g. 1920x1440), got \"\(argument)\"")
    }
    let size = Size(width: width, height: height)
    guard size.isPositiveAndFinite else {
      throw ArgumentValueError("width and height must be > 0, got \"\(argument)\"")
    }
    self = size
  }

  var argumentDescription: String {
    func text(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? "\(Int(v))" : "\(v)" }
    return "\(text(width))x\(text(height))"
  }
}

extension ImageOrientation: ExpressibleByArgument {}
extension ImageCropAndScaleOption: ExpressibleByArgument {}
extension InterfaceOrientation: ExpressibleByArgument {}
extension RaycastQuery.TargetAlignment: ExpressibleByArgument {}

extension ExpressibleByArgument where Self: CaseIterable & RawRepresentable, RawValue == String {
  init(argument: String) throws(ArgumentValueError) {
    guard let value = Self(rawValue: argument) else {
      throw .unknownValue(argument, validValues: Self.allValueStrings)
    }
    self = value
  }

  static var allValueStrings: [String] { allCases.map(\.rawValue) }
  var argumentDescription: String { rawValue }
}
