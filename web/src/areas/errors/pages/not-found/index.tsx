import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** 404：地址不存在（也用于不是后台路径的 /{x}/index）。 */
export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="error-page">
      <Result
        status="404"
        title="404"
        subTitle="抱歉，您访问的页面不存在或已被移除。"
        extra={[
          <Button key="home" type="primary" onClick={() => navigate('/')}>
            返回首页
          </Button>,
          <Button key="back" onClick={() => navigate(-1)}>
            返回上一页
          </Button>,
        ]}
      />
    </div>
  );
}
