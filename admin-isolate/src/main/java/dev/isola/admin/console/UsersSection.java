package dev.isola.admin.console;

import dev.isola.admin.supervise.DomainOperationException;
import dev.isola.admin.supervise.DomainRuntime;
import dev.isola.admin.supervise.UserView;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The Users section of a domain's page: the users of its applications with their groups, a form to
 * add one, a form to change one's groups and password (opened by the user's Change button), and a
 * Delete button per user, which asks first. Rendered from the same views as
 * {@code GET /api/domains/{domain}/users}; the script sends the forms and buttons to that API and
 * reloads the page with its answer. A users' file that does not read is shown as the API's message; a domain with a
 * JDBC or LDAP realm has no users here, and the section says where they are.
 */
final class UsersSection {

    private UsersSection() {
    }

    static Html.Raw of(DomainRuntime runtime) {
        Optional<String> elsewhere = runtime.users().managedElsewhere();
        if (elsewhere.isPresent()) {
            return Html.t("""
                    <section>
                    <h2>Users</h2>
                    <p class="hint" id="users-elsewhere">{}.</p>
                    </section>""", elsewhere.get());
        }
        List<UserView> users = List.of();
        String problem = "";
        try {
            users = runtime.users().list();
        } catch (DomainOperationException e) {
            problem = e.getMessage();
        }
        List<Html.Raw> rows = new ArrayList<>();
        for (UserView user : users) {
            rows.add(Html.t("""
                    <tr data-user="{}"><td>{}</td><td>{}</td>
                    <td class="actions"><button type="button" data-change-user="{}" data-groups="{}">Change</button>
                    <button type="button" class="danger" data-delete-user="{}">Delete</button></td></tr>""",
                    user.name(), user.name(), user.groups().isEmpty() ? "(none)" : String.join(", ", user.groups()), user.name(),
                    String.join(",", user.groups()), user.name()));
        }
        if (rows.isEmpty() && problem.isEmpty()) {
            rows.add(Html.raw("<tr><td colspan=\"3\" class=\"muted\">No users yet: add one below.</td></tr>"));
        }
        return Html.t("""
                <section>
                <h2>Users</h2>
                <p class="hint">The users of the domain's applications (its file realm, <code>config/keyfile</code>); each group is also the
                role of the same name in every application. Changes apply at once, also while the domain runs.</p>
                <p class="alert" id="users-problem" role="alert"{}>{}</p>
                <div class="scroll"><table id="users">
                <thead><tr><th>Name</th><th>Groups</th><th></th></tr></thead>
                <tbody>{}</tbody>
                </table></div>
                <p class="result" id="users-result" role="status"></p>
                <div id="update-user-box" hidden>
                <h3>Change user <span id="update-user-name"></span></h3>
                <form id="update-user" class="grid">
                <input type="hidden" name="name">
                <label>Groups (comma-separated; empty: none) <input name="groups" autocomplete="off"></label>
                <label>New password <input name="password" type="password" autocomplete="new-password" placeholder="unchanged if empty"></label>
                <button type="submit">Save</button>
                <button type="button" class="secondary" id="update-user-cancel">Cancel</button>
                </form>
                </div>
                <h3>Add a user</h3>
                <form id="add-user" class="grid">
                <label>Name <input name="name" required autocomplete="off" placeholder="alice"></label>
                <label>Password <input name="password" type="password" required autocomplete="new-password"></label>
                <label>Groups (comma-separated) <input name="groups" autocomplete="off" placeholder="customers, staff"></label>
                <button type="submit">Add user</button>
                </form>
                </section>""", problem.isEmpty() ? Html.raw(" hidden") : Html.raw(""), problem, Html.join(rows));
    }
}
