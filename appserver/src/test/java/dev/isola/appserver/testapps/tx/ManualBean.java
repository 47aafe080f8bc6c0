package dev.isola.appserver.testapps.tx;

import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.transaction.UserTransaction;

import javax.sql.DataSource;

/** Bean-managed transactions. */
@Stateless
@TransactionManagement(TransactionManagementType.BEAN)
public class ManualBean {
    @Resource
    private UserTransaction tx;
    @Resource
    private DataSource ds;

    public void write(String tag, boolean commit) throws Exception {
        tx.begin();
        Ledger.insert(ds, tag);
        if (commit) {
            tx.commit();
        } else {
            tx.rollback();
        }
    }

    public void forget(String tag) throws Exception {
        tx.begin();
        Ledger.insert(ds, tag);
    }
}
