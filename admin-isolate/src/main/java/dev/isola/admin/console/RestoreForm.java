package dev.isola.admin.console;

/**
 * The dashboard's form to restore a domain from a backup zip ({@code deploy-tool backup-domain},
 * or the domain page's Download a backup): uploaded raw to {@code POST /api/domains/restore}, under
 * the backup's name and ports unless others are given.
 */
final class RestoreForm {

    private RestoreForm() {
    }

    static Html.Raw markup() {
        return Html.raw("""
                <section>
                <h2>Restore a domain from a backup</h2>
                <form id="restore-domain" class="grid">
                <label>Backup (.zip) <input type="file" name="backup" accept=".zip" required></label>
                <label>Name <input name="name" pattern="[a-z][a-z0-9-]{0,29}" placeholder="the backup's"></label>
                <label>HTTP port <input name="httpPort" type="number" min="0" max="65535" placeholder="the backup's"></label>
                <label class="check"><input name="start" type="checkbox"> Start it</label>
                <button type="submit">Restore</button>
                </form>
                <p class="result" id="restore-result" role="status"></p>
                </section>""");
    }
}
