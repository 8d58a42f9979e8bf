/// An option without a value, declared once as a static constant of its command and read
/// back with `ParsedArguments.flag(_:)`.
struct Flag: OptionDeclaring {
  let declaration: OptionDeclaration

  /// A flag `--name`.
  init(_ name: String, help: String) {
    declaration = OptionDeclaration(
      name: name, valueName: nil, arity: .flag, help: help, defaultDescription: nil,
      allValueStrings: [], completion: .none, isRequired: false, isRepeating: false,
      parse: { _ in true })
  }
}
