/// A mistake on the command line; `main` prints it with a pointer to `--help`.
struct UsageError: Error, CustomStringConvertible {
    let description: String
}
