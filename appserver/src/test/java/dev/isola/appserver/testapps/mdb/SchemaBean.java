package dev.isola.appserver.testapps.mdb;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;

import javax.sql.DataSource;

@Singleton
@Startup
public class SchemaBean {
    @Resource
    private DataSource ds;

    @PostConstruct
    void create() {
        Journal.createTables(ds);
    }
}
