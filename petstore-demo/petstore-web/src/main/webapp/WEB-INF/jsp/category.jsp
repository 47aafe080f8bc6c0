<%@ include file="/WEB-INF/jspf/taglibs.jspf" %>
<t:page title="${category.name}">
  <nav class="breadcrumbs" aria-label="Breadcrumbs"><a href="${ctx}/">Home</a> › <c:out value="${category.name}"/></nav>
  <h1><c:out value="${category.name}"/></h1>
  <p class="lead"><c:out value="${category.description}"/></p>
  <ul class="cards">
    <c:forEach var="product" items="${products}"><t:productCard product="${product}"/></c:forEach>
  </ul>
</t:page>
