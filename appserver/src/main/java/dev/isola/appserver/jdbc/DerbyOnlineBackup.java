package dev.isola.appserver.jdbc;

import dev.isola.mvm.io.DirectoryTrees;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A copy of an embedded Derby database taken while the server uses it: what backing up a running
 * domain needs. Derby's own {@code SYSCS_UTIL.SYSCS_BACKUP_DATABASE} copies an open database
 * while transactions go on, and the copy holds every transaction committed before the backup
 * ended and nothing of one that was not (Derby's reference manual, "SYSCS_UTIL.SYSCS_BACKUP_DATABASE
 * system procedure"); a transaction with unlogged changes in progress (a bulk import) makes it
 * fail rather than wait. A copy of a database's
 * files taken meanwhile could hold half a transaction, which is why a stopped domain's backup
 * copies files and a running one's asks Derby.
 *
 * <p>The copy is a complete database: Derby opens it as it is, so a restore puts its files in
 * place of the original's. Nothing is left half-made: the copy is built beside its place and
 * moved there in one step, and a failure removes what was built.
 */
public final class DerbyOnlineBackup {

    /** Files of an open database that say who has it open; a copy must not have them, or Derby would think it open. */
    private static final Set<String> LOCK_FILES = Set.of("db.lck", "dbex.lck");

    private DerbyOnlineBackup() {
    }

    /**
     * Copies the open database {@code database} to {@code target}, with {@code connection} (any
     * connection to it, not in a transaction of an application: the procedure commits).
     *
     * @param database the database's directory, whose last part Derby names the copy after
     * @param target   where the copy goes; must not exist
     * @throws SQLException what Derby said (a full disk, a transaction with unlogged changes that did not end)
     */
    public static void ofOpen(Connection connection, Path database, Path target) throws SQLException, IOException {
        Path building = buildingBeside(target);
        try {
            // NOWAIT: the caller holds commits back while it copies (CommitGate), so waiting for a transaction with unlogged
            // changes (a bulk import) to end could wait for ever; Derby refuses at once instead, with a message that says so.
            try (CallableStatement backup = connection.prepareCall("CALL SYSCS_UTIL.SYSCS_BACKUP_DATABASE_NOWAIT(?)")) {
                backup.setString(1, building.toString());
                backup.execute();
            }
            // Derby writes the copy into a directory named as the database's own, inside the one it was given.
            Path written = building.resolve(database.getFileName().toString());
            if (!Files.isRegularFile(written.resolve("service.properties"))) {
                throw new IOException("Derby's backup of " + database + " did not write " + written.resolve("service.properties"));
            }
            Files.move(written, target, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            DirectoryTrees.delete(building);
        }
    }

    /**
     * Copies the files of {@code database}, which no process has open (the caller keeps it so
     * while this runs), to {@code target}.
     *
     * @throws FileAlreadyExistsException if {@code target} exists
     */
    public static void ofClosed(Path database, Path target) throws IOException {
        Path building = buildingBeside(target);
        try {
            Path copy = building.resolve("copy");
            List<Path> files;
            try (Stream<Path> walk = Files.walk(database)) {
                files = walk.sorted().toList();
            }
            for (Path file : files) {
                Path to = copy.resolve(database.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(to);
                } else if (Files.isRegularFile(file) && !LOCK_FILES.contains(file.getFileName().toString())) {
                    Files.copy(file, to, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
            Files.move(copy, target, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            DirectoryTrees.delete(building);
        }
    }

    /** A copy of a database that is open, made by whoever holds it open. */
    @FunctionalInterface
    public interface WhileOpen {
        void copy() throws SQLException, IOException;
    }

    /**
     * Copies {@code database}, which {@code opener} opens on its first use: as files if it has not
     * been opened (its first use waiting until the copy is made, so nobody writes it halfway), or
     * with {@code whileOpen} if it has.
     *
     * @return false if there was nothing to copy: never opened, and never created either
     */
    public static boolean ofOpenedOnFirstUse(OpenedOnFirstUse<?> opener, Path database, Path target, WhileOpen whileOpen)
            throws SQLException, IOException {
        boolean[] created = {false};
        if (opener.ifNotOpened(() -> {
            created[0] = Files.isRegularFile(database.resolve("service.properties"));
            if (created[0]) {
                ofClosed(database, target);
            }
        })) {
            return created[0];
        }
        whileOpen.copy();
        return true;
    }

    private static Path buildingBeside(Path target) throws IOException {
        if (Files.exists(target)) {
            throw new FileAlreadyExistsException(target.toString(), null, "a database backup goes to a new directory");
        }
        Path parent = target.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        return Files.createTempDirectory(parent, "." + target.getFileName() + ".copying-");
    }
}
