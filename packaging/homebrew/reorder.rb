# The Homebrew formula of reorder, for a tap (brew tap OWNER/reorder; see
# docs/install.md): the release archive for the machine's platform, whose
# bin/, share/man and completions it installs.
#
# This file is the template: packaging/homebrew/formula.py fills each url's
# repository and sha256 from the release's assets (release.yml does, and
# attaches the result, reorder.rb, to the release); that file is the one the
# tap holds. The version is @VERSION@ here, which formula.py replaces with
# reorder's (CommandTable.version, the one place it is written):
# packaging/versions.sh fails when the template states one of its own.
class Reorder < Formula
  desc "Move, swap, insert, delete and sort the items of lists in files, byte-exact"
  homepage "https://github.com/OWNER/reorder"
  version "@VERSION@"
  license "MIT"

  on_macos do
    on_arm do
      url "https://github.com/OWNER/reorder/releases/download/v@VERSION@/reorder-@VERSION@-aarch64-macos.tar.gz"
      sha256 "SHA256 of reorder-@VERSION@-aarch64-macos.tar.gz (packaging/homebrew/formula.py)"
    end
    on_intel do
      url "https://github.com/OWNER/reorder/releases/download/v@VERSION@/reorder-@VERSION@-x86_64-macos.tar.gz"
      sha256 "SHA256 of reorder-@VERSION@-x86_64-macos.tar.gz (packaging/homebrew/formula.py)"
    end
  end

  on_linux do
    on_arm do
      url "https://github.com/OWNER/reorder/releases/download/v@VERSION@/reorder-@VERSION@-aarch64-linux.tar.gz"
      sha256 "SHA256 of reorder-@VERSION@-aarch64-linux.tar.gz (packaging/homebrew/formula.py)"
    end
    on_intel do
      url "https://github.com/OWNER/reorder/releases/download/v@VERSION@/reorder-@VERSION@-x86_64-linux.tar.gz"
      sha256 "SHA256 of reorder-@VERSION@-x86_64-linux.tar.gz (packaging/homebrew/formula.py)"
    end
  end

  # The archive is a prefix (make install's tree, and share/doc/reorder).
  def install
    bin.install "bin/reorder"
    man1.install "share/man/man1/reorder.1"
    bash_completion.install "share/bash-completion/completions/reorder"
    zsh_completion.install "share/zsh/site-functions/_reorder"
    fish_completion.install "share/fish/vendor_completions.d/reorder.fish"
    doc.install Dir["share/doc/reorder/*"]
  end

  test do
    assert_equal "reorder #{version}", shell_output("#{bin}/reorder --version").strip
    (testpath/"fruits.txt").write "cherry\napple\nbanana\n"
    shell_output("#{bin}/reorder sort --check fruits.txt", 1)
    system bin/"reorder", "sort", "fruits.txt"
    assert_equal "apple\nbanana\ncherry\n", (testpath/"fruits.txt").read
    assert_path_exists man1/"reorder.1"
    assert_path_exists bash_completion/"reorder"
  end
end
