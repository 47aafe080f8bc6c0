package dev.isola.admin.auth;

import dev.isola.admin.AdminFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Changing the admin password: what is replaced, what is refused (and then left as it was), and what a restart reads. */
class PasswordChangeTest {

    private static final String NEW = "correct-horse-battery";

    @TempDir
    Path dir;

    private AdminFiles files;
    private String generated;
    private PasswordCheck check;
    private final AtomicInteger changes = new AtomicInteger();

    private PasswordChange storedPasswordChange() {
        files = new AdminFiles(dir.resolve(".admin"));
        generated = new String(AdminPassword.generateIfNone(files, Map.of(), Optional.empty()).orElseThrow());
        AdminPassword.Source source = AdminPassword.resolve(files, Map.of(), Optional.empty());
        check = new PasswordCheck(source.hash());
        check.onChange(changes::incrementAndGet);
        return new PasswordChange(files, check, source);
    }

    @Test
    void theNewPasswordIsCheckedAtOnceStoredForTheNextStartAndWrittenToTheCopyForLocalTools() throws Exception {
        PasswordChange change = storedPasswordChange();
        assertTrue(check.matches("admin", generated), "remembered before the change");

        PasswordChange.Done done = change.change(generated.toCharArray(), NEW.toCharArray());

        assertEquals(Optional.of(files.generatedPassword()), done.copyUpdated());
        assertEquals(Optional.empty(), done.warning());
        assertFalse(check.matches("admin", generated), "the old password, remembered before, is forgotten");
        assertTrue(check.matches("admin", NEW));
        assertEquals(1, changes.get(), "the console was told once");
        assertEquals(NEW + "\n", Files.readString(files.generatedPassword()));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(files.generatedPassword())));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(files.passwordHash())));
        assertFalse(Files.readString(files.passwordHash()).contains(NEW));
        try (var left = Files.list(files.directory())) {
            assertEquals(0, left.filter(p -> p.toString().endsWith(".next")).count(), "no half-written file left");
        }
        PasswordCheck afterRestart = new PasswordCheck(AdminPassword.resolve(files, Map.of(), Optional.empty()).hash());
        assertTrue(afterRestart.matches("admin", NEW));
        assertFalse(afterRestart.matches("admin", generated));
    }

    @Test
    void withoutTheGeneratedCopyNoneIsWritten() throws Exception {
        PasswordChange change = storedPasswordChange();
        Files.delete(files.generatedPassword());

        PasswordChange.Done done = change.change(generated.toCharArray(), NEW.toCharArray());

        assertEquals(Optional.empty(), done.copyUpdated());
        assertFalse(Files.exists(files.generatedPassword()));
        assertTrue(check.matches("admin", NEW));
    }

    @Test
    void eachRefusalSaysWhyAndChangesNothing() throws Exception {
        PasswordChange change = storedPasswordChange();
        String hash = Files.readString(files.passwordHash());

        assertRefused(PasswordChangeException.Reason.WRONG_CURRENT_PASSWORD, "the current password is wrong",
                () -> change.change("not-the-password".toCharArray(), NEW.toCharArray()));
        assertRefused(PasswordChangeException.Reason.UNACCEPTABLE, "the new password must have at least 8 characters, not 7",
                () -> change.change(generated.toCharArray(), "1234567".toCharArray()));
        assertRefused(PasswordChangeException.Reason.UNACCEPTABLE, "the new password must not have a line break",
                () -> change.change(generated.toCharArray(), "two\nlines-here".toCharArray()));
        assertRefused(PasswordChangeException.Reason.UNACCEPTABLE, "the new password is the current one",
                () -> change.change(generated.toCharArray(), generated.toCharArray()));
        assertRefused(PasswordChangeException.Reason.UNACCEPTABLE,
                "the new password: a password of 96 bytes is longer than bcrypt's 72 bytes; choose a shorter one",
                () -> change.change(generated.toCharArray(), "é".repeat(48).toCharArray()));

        assertEquals(hash, Files.readString(files.passwordHash()));
        assertEquals(generated + "\n", Files.readString(files.generatedPassword()));
        assertTrue(check.matches("admin", generated));
        assertEquals(0, changes.get());
    }

    @Test
    void aPasswordGivenToTheStartIsNotChangedHereSinceTheNextStartGivesItAgain() throws Exception {
        files = new AdminFiles(dir.resolve(".admin"));
        Path given = Files.writeString(dir.resolve("pw"), "from-a-file\n");
        AdminPassword.Source source = AdminPassword.resolve(files, Map.of(), Optional.of(given));
        PasswordCheck fromFile = new PasswordCheck(source.hash());
        PasswordChange change = new PasswordChange(files, fromFile, source);

        PasswordChangeException refused = assertThrows(PasswordChangeException.class,
                () -> change.change("from-a-file".toCharArray(), NEW.toCharArray()));

        assertEquals(PasswordChangeException.Reason.NOT_STORED, refused.reason());
        assertEquals("the admin password was given to this start by the password file " + given + ", which the next start reads again:"
                + " change it there, then restart the admin isolate (bin/appserver stop, bin/appserver start)", refused.getMessage());
        assertFalse(Files.exists(files.passwordHash()), "nothing stored");
        assertTrue(fromFile.matches("admin", "from-a-file"));
        assertTrue(AdminPassword.resolve(files, Map.of(AdminPassword.ENVIRONMENT, "x"), Optional.empty()).description()
                .contains(AdminPassword.ENVIRONMENT));
        assertFalse(AdminPassword.resolve(files, Map.of(AdminPassword.ENVIRONMENT, "x"), Optional.empty()).stored());
    }

    private static void assertRefused(PasswordChangeException.Reason reason, String message, org.junit.jupiter.api.function.Executable change) {
        PasswordChangeException refused = assertThrows(PasswordChangeException.class, change);
        assertEquals(reason, refused.reason());
        assertEquals(message, refused.getMessage());
    }
}
