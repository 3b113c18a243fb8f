/// apicheck's version, as `apicheck --version` prints it.
public enum ToolVersion {
    /// The semantic version of this build.
    public static let current = "0.1.0"
}
