import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { readForbiddenMessage } from '@/app/storage/local';

/** 403：显示服务端或路由守卫存下的提示（localStorage '403'）。 */
export default function ForbiddenPage() {
  const navigate = useNavigate();
  const message = readForbiddenMessage() || '抱歉，您没有权限访问此页面。';
  return (
    <div className="error-page">
      <Result
        status="403"
        title="403"
        subTitle={message}
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
