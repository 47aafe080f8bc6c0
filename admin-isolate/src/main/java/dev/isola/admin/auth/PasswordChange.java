package dev.isola.admin.auth;

import dev.isola.appserver.security.PasswordHash;
import dev.isola.admin.AdminFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

/**
 * Changes the admin password of a running admin isolate, as GlassFish's
 * {@code change-admin-password} does: the current password must be given again (a console
 * session or a stolen Basic header alone is not enough), the new hash replaces the stored one
 * in one step and the check in memory at once, and the owner-only copy that local tools read
 * ({@code .admin/admin-password}), if it is still there, holds the new password.
 *
 * <p>Only a stored password can be changed: one given in {@value AdminPassword#ENVIRONMENT} or
 * with {@code --password-file} is given again at the next start, which would undo the change
 * without a word, so that is refused, saying where to change it.
 */
public final class PasswordChange {

    /** Shorter ones are guessed too easily over a port that answers every try. */
    static final int MIN_LENGTH = 8;

    /**
     * A change done.
     *
     * @param copyUpdated the owner-only copy for local tools that now holds the new password, if there is one
     * @param warning     what went wrong with that copy after the password was changed, if anything
     */
    public record Done(Optional<Path> copyUpdated, Optional<String> warning) {
    }

    private final AdminFiles files;
    private final PasswordCheck check;
    private final AdminPassword.Source source;

    /** @param source where the password this admin isolate checks against came from at its start */
    public PasswordChange(AdminFiles files, PasswordCheck check, AdminPassword.Source source) {
        this.files = files;
        this.check = check;
        this.source = source;
    }

    /**
     * Makes {@code next} the admin password.
     *
     * @throws PasswordChangeException saying why not: the password was not stored, {@code current} is wrong, or {@code next}
     *                                 cannot be used; nothing is changed then
     * @throws UncheckedIOException    if the hash cannot be written; the password stays the one before
     */
    public synchronized Done change(char[] current, char[] next) {
        try {
            if (!source.stored()) {
                throw new PasswordChangeException(PasswordChangeException.Reason.NOT_STORED, "the admin password was given to this start by "
                        + source.description() + ", which the next start reads again: change it there, then restart the admin isolate"
                        + " (bin/appserver stop, bin/appserver start)");
            }
            if (!check.matches(PasswordCheck.USER, new String(current))) {
                throw new PasswordChangeException(PasswordChangeException.Reason.WRONG_CURRENT_PASSWORD, "the current password is wrong");
            }
            acceptable(current, next);
            String hash;
            try {
                hash = PasswordHash.of(next);
            } catch (IllegalArgumentException e) {
                throw new PasswordChangeException(PasswordChangeException.Reason.UNACCEPTABLE, "the new password: " + e.getMessage());
            }
            try {
                AdminPassword.replaceOwnerOnly(files.passwordHash(), hash + "\n");
            } catch (IOException e) {
                throw new UncheckedIOException("cannot store the new admin password in " + files.passwordHash() + ": " + e.getMessage(), e);
            }
            check.replace(hash);
            Path copy = files.generatedPassword();
            if (!Files.exists(copy)) {
                return new Done(Optional.empty(), Optional.empty());
            }
            try {
                AdminPassword.replaceOwnerOnly(copy, new String(next) + "\n");
                return new Done(Optional.of(copy), Optional.empty());
            } catch (IOException e) {
                return new Done(Optional.empty(), Optional.of("the password is changed, but " + copy + " still holds the old one and could not"
                        + " be rewritten (" + e.getMessage() + "): delete it, and give deploy-tool the new password with --password-file"));
            }
        } finally {
            Arrays.fill(current, '\0');
            Arrays.fill(next, '\0');
        }
    }

    private static void acceptable(char[] current, char[] next) {
        if (next.length < MIN_LENGTH) {
            throw new PasswordChangeException(PasswordChangeException.Reason.UNACCEPTABLE, "the new password must have at least " + MIN_LENGTH
                    + " characters, not " + next.length);
        }
        for (char c : next) {
            if (c == '\n' || c == '\r') {
                // A password file holds the password on its first line: one with a line break could not be given back.
                throw new PasswordChangeException(PasswordChangeException.Reason.UNACCEPTABLE, "the new password must not have a line break");
            }
        }
        if (Arrays.equals(current, next)) {
            throw new PasswordChangeException(PasswordChangeException.Reason.UNACCEPTABLE, "the new password is the current one");
        }
    }
}
