package dev.isola.appserver.testapps.tx;

import jakarta.annotation.Resource;
import jakarta.annotation.sql.DataSourceDefinition;
import jakarta.ejb.Stateless;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

@Stateless
@DataSourceDefinition(name = "java:app/jdbc/second", className = "org.apache.derby.jdbc.EmbeddedDataSource", databaseName = "second")
public class ConnectionsBean {
    @Resource
    private DataSource ds;
    @Resource(lookup = "java:app/jdbc/second")
    private DataSource second;

    /** Two getConnection() in one transaction: the second sees the first's uncommitted row (one physical connection). */
    public String sameConnection(String tag) throws SQLException {
        try (Connection a = ds.getConnection()) {
            Ledger.insert(ds, tag);
            try (Connection b = ds.getConnection(); Statement s = b.createStatement();
                 ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM ledger WHERE entry = '" + tag + "'")) {
                rs.next();
                String commit;
                try {
                    b.commit();
                    commit = "allowed";
                } catch (SQLException e) {
                    commit = "refused";
                }
                return "seen=" + rs.getInt(1) + " autoCommit=" + a.getAutoCommit() + " handleCommit=" + commit;
            }
        }
    }

    /** A second datasource in the same transaction is refused; the first goes on and commits. */
    public String twoDataSources(String tag) {
        Ledger.insert(ds, tag);
        try (Connection c = second.getConnection()) {
            return "second accepted " + c;
        } catch (SQLException e) {
            return "refused " + e.getSQLState() + ": " + e.getMessage();
        }
    }
}
